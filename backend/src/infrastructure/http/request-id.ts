import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

/** What an incoming X-Request-Id may look like to be kept; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the caller's X-Request-Id when it is a plain token, a new UUID otherwise.
 * It is echoed in the X-Request-Id answer header, and error bodies carry it as `requestId`.
 */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * With LOG_LEVEL=silent the per-request logger (pino-http) is not mounted at all: it would build
 * and serialise a child logger for every request only to drop every line. This gives the
 * request its id in its place, exactly as pino-http's `genReqId` does when it is mounted.
 */
export function assignRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  req.id = req.id || requestIdFor(req, res);
  next();
}

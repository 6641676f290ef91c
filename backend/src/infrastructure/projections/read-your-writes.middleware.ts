import type { NextFunction, Request, Response } from 'express';
import type { WaitResult } from './waiters';
import { trackWaits } from './read-your-writes';

export const CONSISTENCY_HEADER = 'X-Read-Your-Writes';

/** Methods that never write: no route answering them waits for projections, so they are not tracked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reports in the answer of a mutation whether the read models held its writes when it left:
 * `X-Read-Your-Writes: ok`, or `pending; projections=a,b` when a writer's bounded wait ran out
 * (docs/events.md). The waiting itself happens in the writer (read-your-writes.ts); the header
 * is written after each wait, from all of the request's waits so far, so the answer carries the
 * last word. A failed request carries none: HttpExceptionFilter removes it.
 *
 * A middleware rather than a global Nest interceptor (ADR 0247): a global interceptor puts every
 * request, reads included, through Nest's RxJS interceptor chain; reads never wait, so only
 * writing methods are tracked here, and reads skip that machinery altogether.
 */
export function readYourWritesHeader(request: Request, response: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(request.method)) {
    next();
    return;
  }
  trackWaits([], next, (outcomes) => report(outcomes, response));
}

function report(outcomes: readonly WaitResult[], response: Response): void {
  if (outcomes.length === 0 || response.headersSent) return;
  const pending = [...new Set(outcomes.flatMap((outcome) => outcome.pending))];
  response.setHeader(CONSISTENCY_HEADER, pending.length === 0 ? 'ok' : `pending; projections=${pending.join(',')}`);
}

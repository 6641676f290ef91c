/**
 * What the logs may say about a request (issue 38): its id, method, status and the route it took,
 * never a secret or a person. Query values (search terms, emails, one-click tokens) and path
 * segments that hold a token or an address are written as `[Redacted]`, pino's own mark.
 */
export const REDACTED = '[Redacted]';

/** Paths whose segment after the prefix is always a secret, whatever it looks like. */
const SECRET_SEGMENT_AFTER = ['/api/calendar/'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Lower-case words with dashes or underscores: the catalogue's slugs, route words, topics. */
const SLUG = /^[a-z]+(?:[-_][a-z0-9]+)*$/;
/** Long runs of the alphabets tokens are written in (base64url, hex): 32 random bytes are 43 characters. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{16,}$/;
/** A query parameter's name as the API spells them; anything else may be a value sent without `=`. */
const QUERY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function redactSegment(segment: string): string {
  const text = decoded(segment);
  if (text.includes('@')) return REDACTED;
  const dot = text.lastIndexOf('.');
  const stem = dot > 0 ? text.slice(0, dot) : text;
  if (UUID.test(stem) || SLUG.test(stem) || !TOKEN_LIKE.test(stem)) return segment;
  return dot > 0 ? `${REDACTED}${text.slice(dot)}` : REDACTED;
}

/** The URL as the logs may show it: every query value and every token-like or address-like path segment redacted. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const secretAfter = SECRET_SEGMENT_AFTER.find((prefix) => path.startsWith(prefix));
  const safePath = secretAfter
    ? `${secretAfter}${REDACTED}`
    : path
        .split('/')
        .map((segment) => (segment ? redactSegment(segment) : segment))
        .join('/');
  if (query === undefined) return safePath;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0];
      return `${QUERY_NAME.test(name) ? name : REDACTED}=${REDACTED}`;
    });
  return `${safePath}?${names.join('&')}`;
}

/** pino-http's request, as serialized by its standard serializer, down to what may be kept. */
export function requestForLog(req: { id?: unknown; method?: string; url?: string }): Record<string, unknown> {
  return { id: req.id, method: req.method, url: redactUrl(req.url) };
}

export function responseForLog(res: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: res.statusCode };
}

/**
 * pino's redaction, for whatever a log line carries beside the request: credentials in headers,
 * request and response bodies if a line ever holds them, and the values a database error repeats.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body',
  'res.body',
  'body',
  '*.body',
  'req.query',
  'req.params',
  'err.parameters',
  'err.detail',
  'err.driverError.parameters',
  'err.driverError.detail',
];

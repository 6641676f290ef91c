/**
 * The domain speaks in small error codes; the HTTP layer maps them to status codes
 * in one place (infrastructure/http/http-exception.filter.ts). Messages are Spanish
 * because they reach the member as they are.
 */
export type DomainErrorCode =
  | 'invalid'
  | 'not-found'
  | 'conflict'
  /** Well-formed but not acceptable as sent, such as an idempotency key reused for another request. */
  | 'unprocessable'
  | 'forbidden'
  | 'unauthorized'
  | 'too-many-requests'
  | 'unavailable'
  /** An upload over its size limit. */
  | 'too-large'
  /** An upload in a format the product does not take. */
  | 'unsupported-media';

export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A field of the request refused as invalid: `details.field` names it for the form that sent it. */
export function invalidField(message: string, field: string): DomainError {
  return new DomainError('invalid', message, { field });
}

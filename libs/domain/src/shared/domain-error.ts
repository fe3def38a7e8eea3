/**
 * Every rule the domain or the application refuses is a DomainError with a stable code
 * (e.g. LEDGER.INSUFFICIENT_FUNDS) and a kind. The API maps the kind to an HTTP status in one filter;
 * nothing below the controllers knows about HTTP.
 */
export type DomainErrorKind =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'rate_limited' // 429
  | 'unavailable'; // 503

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

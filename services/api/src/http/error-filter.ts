import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { isDomainError, type DomainErrorKind } from '@savings/domain';
import type { ErrorBody } from '@savings/contracts';
import { isConnectionLoss } from '@savings/database';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

/**
 * The one place errors become HTTP responses. Every body is {"message": "<one sentence>"}; nothing
 * internal (stack, SQL, class names) reaches a client. Unknown errors are logged and answered 500.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toResponse(error);
    if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (response.headersSent) return;
    // a failover or a restart takes seconds: the client is told when to try again (same Idempotency-Key)
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(status).json(body);
  }

  toResponse(error: unknown): { status: number; body: ErrorBody } {
    if (isDomainError(error)) {
      const body: ErrorBody = { message: error.message };
      if (error.fields) body.errors = error.fields;
      return { status: STATUS_BY_KIND[error.kind], body };
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const raw = error.getResponse();
      if (typeof raw === 'string') return { status, body: { message: raw } };
      const record = raw as { message?: unknown; errors?: Record<string, string> };
      const message = Array.isArray(record.message)
        ? String(record.message[0])
        : typeof record.message === 'string'
          ? record.message
          : error.message;
      return { status, body: record.errors ? { message, errors: record.errors } : { message } };
    }
    if (isDependencyOutage(error)) {
      return { status: 503, body: { message: SERVICE_BRIEFLY_UNAVAILABLE } };
    }
    return { status: 500, body: { message: 'Something went wrong on our side. Please try again later.' } };
  }
}

/** api-contract.md section 16: what a command caught by a lost connection answers. */
export const SERVICE_BRIEFLY_UNAVAILABLE = 'Service briefly unavailable, please retry';
/** A PostgreSQL failover takes about 10 s, a Redis one about 5 s. */
export const RETRY_AFTER_SECONDS = 5;

const REDIS_OUTAGE =
  /Connection is closed|Stream isn't writeable|Command timed out|Reached the max retries|All sentinels are unreachable|READONLY/;

/** PostgreSQL unreachable or its connection lost (libs/database), or Redis unreachable. */
export function isDependencyOutage(error: unknown): boolean {
  if (isConnectionLoss(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { message, name } = error as { message?: unknown; name?: unknown };
  if (name === 'MaxRetriesPerRequestError') return true;
  return typeof message === 'string' && REDIS_OUTAGE.test(message);
}

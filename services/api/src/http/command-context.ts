import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext } from '@savings/application';
import { Messages } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { canonicalJson } from '@savings/ledger';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** sha256 over method, path and canonical body (the ledger's canonical JSON, keys sorted at every level): a reused key with another body or route is told apart (409). */
export function requestHash(req: Request): string {
  const path = req.originalUrl.split('?')[0];
  return createHash('sha256')
    .update(`${req.method} ${path}\n${canonicalJson(req.body ?? null)}`)
    .digest('hex');
}

/**
 * The CommandContext of a money-moving request: the signed-in actor (use after a session guard), the
 * request id as correlation id, and the Idempotency-Key header with the body's hash.
 */
export const RequestCommandContext = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const req = context.switchToHttp().getRequest<Request>();
  const user = req.sessionUser;
  if (!user) throw new DomainError('AUTH.REQUIRED', 'unauthenticated', Messages.authenticationRequired);
  const header = req.headers['idempotency-key'];
  if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
    throw new DomainError(
      'HTTP.IDEMPOTENCY_KEY_INVALID',
      'invalid',
      'Idempotency-Key must be 1 to 200 visible ASCII characters',
    );
  }
  const ctx: CommandContext = {
    actor: { kind: user.role === 'admin' ? 'admin' : 'user', id: user.id },
    correlationId: String(req.id ?? ''),
    ...(header !== undefined ? { idempotencyKey: header, requestHash: requestHash(req) } : {}),
  };
  return ctx;
});

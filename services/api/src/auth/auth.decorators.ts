import { applyDecorators, createParamDecorator, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionUser } from '@savings/application';
import { Messages, type Role } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { ROLES_KEY } from './auth.constants';
import { SessionGuard } from './session.guard';

export type { SessionUser } from '@savings/application';

const unauthorized = ApiUnauthorizedResponse({
  description: `Not signed in: {"message":"${Messages.authenticationRequired}"}`,
});

const staffMfa = `; with STAFF_MFA=required, a session without two-factor sign-in: {"message":"${Messages.twoFactorRequired}"}`;

/** Any signed-in user (401 {"message":"Authentication required"} without a session). */
export function Authenticated(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(SessionGuard), ApiCookieAuth('sid'), unauthorized);
}

/** Admins only: 401 without a session, 403 {"message":"Admin access required"} for others. */
export function AdminOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ROLES_KEY, ['admin'] satisfies Role[]),
    UseGuards(SessionGuard),
    ApiCookieAuth('sid'),
    unauthorized,
    ApiForbiddenResponse({ description: `Not an admin: {"message":"${Messages.adminRequired}"}${staffMfa}` }),
  );
}

/** Read-only back office and audit: admins and auditors (401 / 403 otherwise). */
export function AdminOrAuditor(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ROLES_KEY, ['admin', 'auditor'] satisfies Role[]),
    UseGuards(SessionGuard),
    ApiCookieAuth('sid'),
    unauthorized,
    ApiForbiddenResponse({
      description: `Neither admin nor auditor: {"message":"${Messages.adminRequired}"}${staffMfa}`,
    }),
  );
}

/** The signed-in user of a route guarded by one of the decorators above. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<Request>().sessionUser;
  if (!user) throw new DomainError('AUTH.REQUIRED', 'unauthenticated', Messages.authenticationRequired);
  return user;
});

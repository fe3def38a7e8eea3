import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG } from '@savings/application';
import type { AppConfig } from '@savings/config';
import { Messages, type Role } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { ROLES_KEY } from './auth.constants';
import { sessionUserOf } from './session-identity';
import { lacksRequiredSecondFactor } from './staff-two-factor';

/**
 * Lets a request through when its session names a user and the route's roles allow that user's role.
 * The identity and role come from the session (Redis), not the database: a role change ends the user's
 * sessions (endAllSessions), so a demoted admin is signed out at once (ADR 0006). With STAFF_MFA=required
 * the admin and audit routes also need a two-factor session (ADR 0023).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const user = sessionUserOf(req);
    if (!user) {
      // a session naming nobody valid (one made before roles were kept in sessions) is worthless
      if (req.session?.passport) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      throw authenticationRequired();
    }
    req.sessionUser = user;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles && !roles.includes(user.role)) {
      throw new DomainError('AUTH.ADMIN_REQUIRED', 'forbidden', Messages.adminRequired);
    }
    if (roles && lacksRequiredSecondFactor(req, user, this.config)) {
      throw new DomainError('AUTH.TWO_FACTOR_REQUIRED', 'forbidden', Messages.twoFactorRequired);
    }
    return true;
  }
}

function authenticationRequired(): DomainError {
  return new DomainError('AUTH.REQUIRED', 'unauthenticated', Messages.authenticationRequired);
}

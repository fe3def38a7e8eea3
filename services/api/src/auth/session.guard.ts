import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { GetSessionUserQuery, type SessionUser } from '@savings/application';
import { Messages, type Role } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { ROLES_KEY } from './auth.constants';

/**
 * Lets a request through when its session names a user that still exists, re-reading the role from
 * the database each time (a demoted admin loses access at once), and when the route's roles allow it.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly queryBus: QueryBus,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const userId = req.session?.passport?.user;
    if (typeof userId !== 'number') throw authenticationRequired();
    const user = await this.queryBus.execute<GetSessionUserQuery, SessionUser | null>(new GetSessionUserQuery(userId));
    if (!user) {
      // the account is gone: the session is worthless
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
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
    return true;
  }
}

function authenticationRequired(): DomainError {
  return new DomainError('AUTH.REQUIRED', 'unauthenticated', Messages.authenticationRequired);
}

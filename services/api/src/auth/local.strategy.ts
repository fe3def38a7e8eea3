import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { VerifyCredentialsQuery, type SessionUser } from '@savings/application';
import { Messages } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { LoginThrottle } from './login-throttle';

/** passport-local: `email` holds an e-mail or a name; throttled per identifier and client address. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly throttle: LoginThrottle,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  async validate(req: Request, identifier: string, password: string): Promise<SessionUser> {
    const address = req.ip ?? 'unknown';
    const refused = await this.throttle.reserveAttempt(identifier, address);
    if (refused) {
      req.res?.setHeader('Retry-After', String(refused.retryAfterSeconds));
      throw new DomainError('AUTH.TOO_MANY_ATTEMPTS', 'rate_limited', Messages.tooManyAttempts);
    }
    const user = await this.queryBus.execute<VerifyCredentialsQuery, SessionUser | null>(
      new VerifyCredentialsQuery(identifier, password),
    );
    if (!user) {
      // one answer for unknown account and wrong password
      throw new DomainError('AUTH.INVALID_CREDENTIALS', 'unauthenticated', Messages.invalidCredentials);
    }
    await this.throttle.recordSuccess(identifier, address);
    return user;
  }
}

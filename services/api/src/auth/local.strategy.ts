import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { SignInSubjectQuery, VerifyCredentialsQuery, type SessionUser } from '@savings/application';
import { Messages } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { clientAddress } from './client-address';
import { LoginThrottle } from './login-throttle';

/**
 * passport-local: `email` holds an e-mail or a name; throttled per account, client address and both
 * (LoginThrottle.recordSuccess is the caller's, when the whole sign-in succeeded).
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly throttle: LoginThrottle,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  async validate(req: Request, identifier: string, password: string): Promise<SessionUser> {
    // the account whatever the spelling typed (e-mail or name, case, spaces), so variants share one count
    const subject = await this.queryBus.execute<SignInSubjectQuery, string>(new SignInSubjectQuery(identifier));
    const attempt = { address: clientAddress(req), subject };
    await this.throttle.reserveAttempt(attempt, req.res);
    const user = await this.queryBus.execute<VerifyCredentialsQuery, SessionUser | null>(
      new VerifyCredentialsQuery(identifier, password),
    );
    if (!user) {
      // one answer for unknown account and wrong password
      throw new DomainError('AUTH.INVALID_CREDENTIALS', 'unauthenticated', Messages.invalidCredentials);
    }
    // the failure counts are cleared by the controller once sign-in is complete: for an account with
    // two-factor sign-in that is after the code, so a known password never buys fresh code guesses
    return user;
  }
}

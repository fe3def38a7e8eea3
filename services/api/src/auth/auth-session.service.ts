import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import passport from 'passport';
import { RecordSecurityEventCommand, type SessionUser } from '@savings/application';
import { Messages, type SecurityEventKind } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { clientAddress } from './client-address';
import { sessionUserOf } from './session-identity';
import { UserSessions } from './user-sessions';

/** How long the code step of a sign-in may take after the password was accepted. */
export const SECOND_FACTOR_WINDOW_MS = 5 * 60 * 1000;

/** Starting and ending sessions: passport-local for the check, passport's logIn for a fresh session id. */
@Injectable()
export class AuthSessionService {
  constructor(
    private readonly sessions: UserSessions,
    private readonly commands: CommandBus,
  ) {}

  /** Runs the local strategy on the (already validated) body; rejects with its DomainError. */
  authenticate(req: Request, res: Response): Promise<SessionUser> {
    return new Promise((resolve, reject) => {
      passport.authenticate('local', { session: false }, (error: unknown, user: SessionUser | false) => {
        if (error) reject(error);
        else if (!user)
          reject(new DomainError('AUTH.INVALID_CREDENTIALS', 'unauthenticated', Messages.invalidCredentials));
        else resolve(user);
      })(req, res, reject);
    });
  }

  /** passport 0.7 regenerates the session here, so a session id planted before sign-in is worthless. */
  /** `kind`: what the customer's security history records, null for a renewal of a signed-in session. */
  async logIn(req: Request, user: SessionUser, kind: SecurityEventKind | null = 'sign-in'): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      req.logIn(user, { session: true, keepSessionInfo: false }, (error?: unknown) =>
        error ? reject(error) : resolve(),
      ),
    );
    await this.sessions.track(user.id, req.session.id);
    // the customer's own sign-in history (their export lists it, api-contract.md section 18)
    if (kind) await this.commands.execute(new RecordSecurityEventCommand(user.id, kind, clientAddress(req)));
  }

  /**
   * The password of an account with two-factor sign-in was right: a fresh session (so a planted id is
   * worthless here too) that names nobody yet, only whom the code step is for, for a few minutes.
   */
  async awaitSecondFactor(req: Request, user: SessionUser): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((error?: unknown) => (error ? reject(error) : resolve())),
    );
    req.session.twoFactorPending = { user, until: Date.now() + SECOND_FACTOR_WINDOW_MS };
  }

  /** Whom a pending code step is for, or null (none, or expired). */
  pendingSecondFactor(req: Request): SessionUser | null {
    const pending = req.session?.twoFactorPending;
    if (!pending || typeof pending.until !== 'number' || pending.until < Date.now()) return null;
    return pending.user;
  }

  /** The code step succeeded: a signed-in session (new id) that counts as two-factor for STAFF_MFA. */
  async logInWithSecondFactor(req: Request, user: SessionUser): Promise<void> {
    await this.logIn(req, user, 'two-factor-sign-in');
    req.session.twoFactor = true;
  }

  /**
   * Two-factor sign-in was turned on or off: every other session ends (they were signed in under the
   * old rule) and this one gets a new id, marked as two-factor or not.
   */
  async twoFactorChanged(req: Request, user: SessionUser, enabled: boolean): Promise<void> {
    await this.endOtherSessions(req, user);
    req.session.twoFactor = enabled;
  }

  /** Destroys the session in the store (not just the cookie) and clears the cookie. */
  async logOut(req: Request, res: Response, cookieName: string): Promise<void> {
    const userId = sessionUserOf(req)?.id;
    const sessionId = req.session?.id;
    if (req.session) {
      await new Promise<void>((resolve, reject) =>
        req.session.destroy((error?: unknown) => (error ? reject(error) : resolve())),
      );
    }
    if (userId !== undefined && sessionId) await this.sessions.untrack(userId, sessionId);
    res.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax' });
  }

  /** After a password change: every other session of the user ends; this one gets a new id. */
  async endOtherSessions(req: Request, user: SessionUser): Promise<void> {
    const oldId = req.session.id;
    await this.logIn(req, user, null);
    await this.sessions.untrack(user.id, oldId);
    await this.sessions.destroyOthers(user.id, req.session.id);
  }
}

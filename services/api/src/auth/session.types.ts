import type { SessionUser } from '@savings/application';

declare module 'express-session' {
  interface SessionData {
    /**
     * Written by passport's req.logIn: the signed-in user's identity and role (a number in sessions
     * made before the role was kept here; those are refused and ended).
     */
    passport?: { user?: SessionUser | number };
    /**
     * Sign-in of an account with two-factor sign-in: the password was right; the session names nobody
     * (passport.user is unset) until the code step succeeds or `until` (epoch ms) passes.
     */
    twoFactorPending?: { user: SessionUser; until: number };
    /** This session was signed in with a second factor, or turned two-factor sign-in on (STAFF_MFA). */
    twoFactor?: boolean;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the session guard from the session's identity. */
    sessionUser?: SessionUser;
  }
}

export {};

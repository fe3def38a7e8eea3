import type { SessionUser } from '@savings/application';

declare module 'express-session' {
  interface SessionData {
    /**
     * Written by passport's req.logIn: the signed-in user's identity and role (a number in sessions
     * made before the role was kept here; those are refused and ended).
     */
    passport?: { user?: SessionUser | number };
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the session guard from the session's identity. */
    sessionUser?: SessionUser;
  }
}

export {};

import type { SessionUser } from '@savings/application';

declare module 'express-session' {
  interface SessionData {
    /** Written by passport's req.logIn: the signed-in user's id. */
    passport?: { user?: number };
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the session guard after re-reading the user from the database. */
    sessionUser?: SessionUser;
  }
}

export {};

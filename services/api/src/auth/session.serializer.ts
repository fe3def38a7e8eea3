import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '@savings/application';

/**
 * The session keeps the user's id, name, e-mail and role, so the guards need no database read per
 * request; a role change ends the user's sessions (endAllSessions), see ADR 0006.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: SessionUser, done: (error: Error | null, identity?: SessionUser) => void): void {
    done(null, { id: user.id, name: user.name, email: user.email, role: user.role });
  }

  deserializeUser(identity: SessionUser, done: (error: Error | null, identity?: SessionUser) => void): void {
    done(null, identity);
  }
}

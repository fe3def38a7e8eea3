import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '@savings/application';

/** The session stores only the user's id; guards re-read name and role from the database per request. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: SessionUser, done: (error: Error | null, id?: number) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: number, done: (error: Error | null, payload?: { id: number }) => void): void {
    done(null, { id });
  }
}

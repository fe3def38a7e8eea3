import type { Request } from 'express';
import type { CommandBus } from '@nestjs/cqrs';
import { AuthSessionService, SECOND_FACTOR_WINDOW_MS } from './auth-session.service';
import type { UserSessions } from './user-sessions';

const user = { id: 7, name: 'Ada', email: 'ada@example.com', role: 'admin' as const };
const requestWith = (session: object) => ({ session }) as unknown as Request;

describe('the code step of a sign-in', () => {
  const sessions = new AuthSessionService({} as UserSessions, {} as CommandBus);

  it('is for the user the password named, for 5 minutes', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T06:00:00Z') });
    try {
      const pending = { twoFactorPending: { user, until: Date.now() + SECOND_FACTOR_WINDOW_MS } };
      expect(sessions.pendingSecondFactor(requestWith(pending))).toEqual(user);
      jest.setSystemTime(Date.now() + SECOND_FACTOR_WINDOW_MS + 1);
      expect(sessions.pendingSecondFactor(requestWith(pending))).toBeNull();
    } finally {
      jest.useRealTimers();
    }
    expect(SECOND_FACTOR_WINDOW_MS).toBe(5 * 60 * 1000);
  });

  it('does not exist in a session without one (or a malformed one)', () => {
    expect(sessions.pendingSecondFactor(requestWith({}))).toBeNull();
    expect(sessions.pendingSecondFactor(requestWith({ twoFactorPending: { user } }))).toBeNull();
    expect(sessions.pendingSecondFactor({} as Request)).toBeNull();
  });
});

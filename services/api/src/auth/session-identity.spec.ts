import type { Request } from 'express';
import { sessionUserOf } from './session-identity';

const requestWith = (user: unknown) => ({ session: { passport: { user } } }) as unknown as Request;

describe('sessionUserOf', () => {
  it('reads the identity and role a sign-in stored in the session', () => {
    const user = { id: 7, name: 'Ada', email: 'ada@example.com', role: 'admin' };
    expect(sessionUserOf(requestWith(user))).toEqual(user);
  });

  it('names nobody for no session, a bare id (older sessions) or a malformed identity', () => {
    expect(sessionUserOf({} as Request)).toBeNull();
    expect(sessionUserOf(requestWith(undefined))).toBeNull();
    expect(sessionUserOf(requestWith(7))).toBeNull();
    expect(sessionUserOf(requestWith({ id: '7', name: 'Ada', email: 'a@b.c', role: 'admin' }))).toBeNull();
    expect(sessionUserOf(requestWith({ id: 7, name: 'Ada', email: 'a@b.c', role: 'root' }))).toBeNull();
    expect(sessionUserOf(requestWith({ id: 7, email: 'a@b.c', role: 'customer' }))).toBeNull();
  });
});

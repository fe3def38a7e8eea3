import Redis from 'ioredis';
import type { SessionData } from 'express-session';
import { testRedisPrefix, testRedisUrl } from '@savings/testing';
import { SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS, SessionStore } from './session-store';

describe('SessionStore (real Redis)', () => {
  const redis = new Redis(testRedisUrl());
  const prefix = `${testRedisPrefix()}:sess-touch:`;
  let clock = Date.now();
  const store = new SessionStore({ client: redis, prefix }, () => clock);
  const session = {
    cookie: {
      originalMaxAge: SESSION_MAX_AGE_MS,
      maxAge: SESSION_MAX_AGE_MS,
      expires: new Date(clock + SESSION_MAX_AGE_MS),
    },
    passport: { user: 1 },
  } as unknown as SessionData;
  const touch = (sid: string) =>
    new Promise<void>((resolve, reject) => store.touch(sid, session, (error) => (error ? reject(error) : resolve())));
  const ttlDays = async (sid: string) => (await redis.pttl(`${prefix}${sid}`)) / 86_400_000;

  afterAll(async () => {
    await redis.del(`${prefix}a`, `${prefix}b`);
    await redis.quit();
  });

  it('renews a session expiry at most once an interval per process, and each session on its own', async () => {
    await redis.set(`${prefix}a`, '{}', 'EX', 100);
    await redis.set(`${prefix}b`, '{}', 'EX', 100);
    await touch('a');
    expect(await ttlDays('a')).toBeGreaterThan(179);

    // shortened behind the store's back: a touch within the interval leaves Redis alone
    await redis.expire(`${prefix}a`, 100);
    clock += SESSION_TOUCH_INTERVAL_MS - 1;
    await touch('a');
    expect(await ttlDays('a')).toBeLessThan(1);
    // another session is renewed at once
    await touch('b');
    expect(await ttlDays('b')).toBeGreaterThan(179);

    clock += 1;
    await touch('a');
    expect(await ttlDays('a')).toBeGreaterThan(179);
  });
});

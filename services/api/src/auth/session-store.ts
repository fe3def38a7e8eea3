import RedisStore from 'connect-redis';
import session, { type SessionData, type Store } from 'express-session';
import type { RequestHandler } from 'express';
import type Redis from 'ioredis';
import { sessionKeyPrefix } from '@savings/application';
import type { AppConfig } from '@savings/config';

export const SESSION_STORE = Symbol('SESSION_STORE');
export const SESSION_COOKIE = 'sid';
/** "The session is treated as permanent": long-lived, and renewed on every response (rolling). */
export const SESSION_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

/** A session's expiry in Redis is renewed at most this often per API process. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
/** Sessions whose last renewal this process remembers; the oldest is forgotten first. */
const TOUCHED_SESSIONS_REMEMBERED = 50_000;

/**
 * Rolling sessions renew their Redis expiry on every response, and express-session holds the response
 * until that round trip is done. The expiry is 180 days away, so renewing it once an hour loses nothing
 * and takes a Redis call off every authenticated request. Saves and destroys are never skipped.
 */
export class SessionStore extends RedisStore {
  private readonly touchedAt = new Map<string, number>();

  constructor(
    options: ConstructorParameters<typeof RedisStore>[0],
    private readonly now: () => number = Date.now,
  ) {
    super(options);
  }

  override async touch(sid: string, sess: SessionData, cb: (error?: unknown) => void = () => undefined) {
    const now = this.now();
    const last = this.touchedAt.get(sid);
    if (last !== undefined && now - last < SESSION_TOUCH_INTERVAL_MS) return cb();
    // re-inserted so the map's order stays oldest-first
    this.touchedAt.delete(sid);
    this.touchedAt.set(sid, now);
    if (this.touchedAt.size > TOUCHED_SESSIONS_REMEMBERED) this.touchedAt.delete(this.touchedAt.keys().next().value!);
    return super.touch(sid, sess, cb);
  }
}

/** Sessions live in Redis under the deployment's prefix, so several API processes share them and tests stay apart. */
export function createSessionStore(redis: Redis, config: AppConfig): Store {
  return new SessionStore({ client: redis, prefix: sessionKeyPrefix(config.queuePrefix) });
}

export function sessionCookieOptions(config: AppConfig): session.CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(config),
    maxAge: SESSION_MAX_AGE_MS,
    path: '/',
  };
}

/**
 * 'auto' follows req.secure (HTTPS, or X-Forwarded-Proto: https from a proxy TRUST_PROXY trusts). Production served
 * only on https origins always marks the cookie Secure, even if a proxy forgets the header; a production
 * build on a plain-http origin (docker compose on localhost) must stay 'auto' or sign-in would break.
 */
export function secureCookie(config: AppConfig): true | 'auto' {
  const httpsOnly =
    config.publicOrigins.length > 0 && config.publicOrigins.every((origin) => origin.startsWith('https://'));
  return config.nodeEnv === 'production' && httpsOnly ? true : 'auto';
}

export function createSessionMiddleware(store: Store, config: AppConfig): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // req.secure decides 'auto': X-Forwarded-Proto counts only from a proxy TRUST_PROXY trusts
    cookie: sessionCookieOptions(config),
  });
}

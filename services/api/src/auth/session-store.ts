import RedisStore from 'connect-redis';
import session, { type Store } from 'express-session';
import type { RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { AppConfig } from '@savings/config';

export const SESSION_STORE = Symbol('SESSION_STORE');
export const SESSION_COOKIE = 'sid';
/** "The session is treated as permanent": long-lived, and renewed on every response (rolling). */
export const SESSION_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

/** Sessions live in Redis under the deployment's prefix, so several API processes share them and tests stay apart. */
export function createSessionStore(redis: Redis, config: AppConfig): Store {
  return new RedisStore({ client: redis, prefix: `${config.queuePrefix}:sess:` });
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
 * 'auto' follows req.secure (HTTPS, or X-Forwarded-Proto: https from a trusted proxy). Production served
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
    proxy: true,
    cookie: sessionCookieOptions(config),
  });
}

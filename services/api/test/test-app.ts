import type { NestExpressApplication } from '@nestjs/platform-express';
import type Redis from 'ioredis';
import { REDIS } from '@savings/application';
import { loadConfig, type AppConfig } from '@savings/config';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { createApp } from '../src/create-app';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** The HTTP server, for supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  close(): Promise<void>;
}

/**
 * The real API (every middleware, guard and filter) on this jest worker's own migrated, emptied
 * database and its own Redis key prefix. `serveWeb` also serves a web build (WEB_DIST_DIR in `env`);
 * `keepDatabase` starts a second app on the database a first one has filled.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { serveWeb?: boolean; keepDatabase?: boolean } = {},
): Promise<TestApp> {
  if (!options.keepDatabase) await resetDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testRedisPrefix(),
    PUBLIC_ORIGIN: 'http://localhost:3000',
    // tests open many accounts from one address; auth.e2e-spec checks the limit with its own
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    // supertest connects over loopback, standing for a proxy: tests give each client an address with
    // X-Forwarded-For (client-address.e2e-spec checks the default, which trusts no proxy)
    TRUST_PROXY: 'loopback',
    // most tests set up balances with one admin's moves; four eyes is tested with its own thresholds
    // (approvals.e2e-spec passes FOUR_EYES_THRESHOLD)
    FOUR_EYES_THRESHOLD: 'off',
    ...env,
  });
  const app = await createApp(config, { serveWeb: options.serveWeb });
  await app.init();
  if (!options.keepDatabase) {
    // throttling counters of an earlier file: sign-in failures are counted per account id, and the
    // emptied database hands out the same ids again; address counters would carry over for an hour
    const redis = app.get<Redis>(REDIS);
    const stale = [
      ...(await redis.keys(`${config.queuePrefix}:login-fail:*`)),
      ...(await redis.keys(`${config.queuePrefix}:register:*`)),
    ];
    if (stale.length > 0) await redis.del(...stale);
  }
  return { app, config, server: app.getHttpServer(), close: () => app.close() };
}

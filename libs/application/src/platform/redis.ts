import Redis, { type RedisOptions } from 'ioredis';
import { redisUnreachable, type AppConfig } from '@savings/config';

type RedisSettings = Pick<AppConfig, 'redisUrl' | 'redisSentinel'>;

/**
 * Where every Redis client of a process connects (sessions, rate limits, BullMQ): REDIS_URL's server,
 * or, with REDIS_SENTINELS, whichever server the sentinels name master now (api-contract.md section
 * 16). REDIS_URL still gives the credentials and database number in both cases.
 */
export function redisOptions(settings: RedisSettings): RedisOptions {
  const url = new URL(settings.redisUrl);
  const common: RedisOptions = {
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    // a master demoted by a failover answers writes with READONLY: reconnect, the sentinels name the new one
    reconnectOnError: (error) => (/READONLY/.test(error.message) ? 2 : false),
  };
  if (!settings.redisSentinel) {
    return {
      ...common,
      host: url.hostname,
      port: Number(url.port || 6379),
      tls: url.protocol === 'rediss:' ? {} : undefined,
    };
  }
  return {
    ...common,
    sentinels: settings.redisSentinel.sentinels,
    name: settings.redisSentinel.name,
    // no failoverDetector: ioredis 6.0 leaves its sentinel subscriptions open after quit() (a process
    // that closed its clients never exits); a demoted master's READONLY and a dead one's closed socket
    // send the client back to the sentinels anyway
    // while no sentinel answers, ask again every half second (a client never gives up)
    sentinelRetryStrategy: (attempts) => Math.min(attempts * 100, 500),
    // reconnect quickly: while the old master is gone, each attempt asks the sentinels for the new one
    retryStrategy: (attempts) => Math.min(attempts * 100, 500),
    tls: url.protocol === 'rediss:' ? {} : undefined,
    enableTLSForSentinelMode: url.protocol === 'rediss:',
  };
}

/** Where Redis was looked for, for the one sentence of a failed start. */
export function redisDescription(settings: RedisSettings): string {
  const sentinel = settings.redisSentinel;
  if (!sentinel) return settings.redisUrl;
  return `master "${sentinel.name}" of sentinels ${sentinel.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
}

/**
 * A Redis client that fails fast at start-up with one sentence when Redis is down, and afterwards
 * reconnects by itself. While Redis is down a command fails within a second or two instead of
 * queueing for a minute, so a request answers 503 at once (BullMQ's own connections differ: they
 * need maxRetriesPerRequest: null and are made by BullMQ).
 */
export async function connectRedis(settings: RedisSettings, options: RedisOptions = {}): Promise<Redis> {
  const client = new Redis({
    ...redisOptions(settings),
    lazyConnect: true,
    enableReadyCheck: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    ...options,
  });
  client.on('error', () => undefined); // reconnects by itself; health reports the state
  try {
    await client.connect();
    await client.ping();
  } catch {
    client.disconnect();
    throw new Error(redisUnreachable(redisDescription(settings)));
  }
  return client;
}

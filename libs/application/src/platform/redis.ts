import Redis, { type RedisOptions } from 'ioredis';
import { redisUnreachable } from '@savings/config';

/**
 * A Redis client that fails fast at start-up with one sentence when Redis is down, and afterwards
 * reconnects by itself. While Redis is down a command fails within a second or two instead of
 * queueing for a minute, so a request answers 503 at once (BullMQ's own connections differ: they
 * need maxRetriesPerRequest: null and are made by BullMQ).
 */
export async function connectRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, {
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
    throw new Error(redisUnreachable(url));
  }
  return client;
}

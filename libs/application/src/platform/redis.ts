import Redis, { type RedisOptions } from 'ioredis';
import { redisUnreachable } from '@savings/config';

/**
 * A Redis client that fails fast at start-up with one sentence when Redis is down, and afterwards
 * reconnects by itself (BullMQ needs maxRetriesPerRequest: null on its own connections).
 */
export async function connectRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, enableReadyCheck: true, ...options });
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

import { loadConfig } from '@savings/config';
import { bullConnection } from '../jobs/job-queues';
import { redisOptions } from './redis';

describe('redisOptions: where every Redis client of a process connects', () => {
  it("is REDIS_URL's server, its credentials and database number by default", () => {
    const options = redisOptions(loadConfig({ REDIS_URL: 'redis://user:p%40ss@cache.local:6380/3' }));
    expect(options).toMatchObject({ host: 'cache.local', port: 6380, username: 'user', password: 'p@ss', db: 3 });
    expect(options.sentinels).toBeUndefined();
  });

  it('is the master the sentinels name when REDIS_SENTINELS is set, for sessions and BullMQ alike', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://:secret@ignored:1/2',
      REDIS_SENTINELS: '127.0.0.1:26481,127.0.0.1:26482',
      REDIS_SENTINEL_NAME: 'savings',
    });
    const options = redisOptions(config);
    expect(options).toMatchObject({
      sentinels: [
        { host: '127.0.0.1', port: 26481 },
        { host: '127.0.0.1', port: 26482 },
      ],
      name: 'savings',
      password: 'secret',
      db: 2,
    });
    expect(options.host).toBeUndefined();
    // a demoted master's READONLY sends the client back to the sentinels
    expect(options.reconnectOnError?.(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(options.reconnectOnError?.(new Error('WRONGTYPE'))).toBe(false);
    // BullMQ: the same target, and blocking commands that wait through a failover
    expect(bullConnection(config)).toMatchObject({ name: 'savings', maxRetriesPerRequest: null });
  });
});

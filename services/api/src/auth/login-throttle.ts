import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS } from '@savings/application';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Sign-in brute-force guard (contract section 1): failed attempts are counted per identifier and per
 * client address in Redis for 15 minutes; after 10 either way, further attempts get 429 until the
 * window (which starts at the first attempt) ends.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private keys(identifier: string, address: string): [string, string] {
    // hashed, so no e-mail address sits in Redis key names
    const id = createHash('sha256').update(identifier.normalize('NFKC').trim().toLowerCase()).digest('hex');
    const base = `${this.config.queuePrefix}:login-fail`;
    return [`${base}:id:${id}`, `${base}:ip:${address}`];
  }

  /**
   * Counts this attempt before the password is checked, atomically, so a burst of parallel guesses
   * cannot all slip in before the first failure is recorded. Attempt 11 within the window is refused:
   * the answer says how long until the window ends.
   */
  async reserveAttempt(identifier: string, address: string): Promise<{ retryAfterSeconds: number } | null> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(identifier, address)) {
      pipeline.incr(key).expire(key, LOGIN_FAILURE_WINDOW_SECONDS, 'NX').ttl(key);
    }
    const results = ((await pipeline.exec()) ?? []).map(([, value]) => Number(value ?? 0));
    // per key: [count, expire result, seconds left]
    const blocked = [0, 3].filter((index) => results[index] > LOGIN_FAILURE_LIMIT);
    if (blocked.length === 0) return null;
    return { retryAfterSeconds: Math.max(1, ...blocked.map((index) => results[index + 2])) };
  }

  /** A success was not a failure: the identifier starts afresh and the address gets its attempt back. */
  async recordSuccess(identifier: string, address: string): Promise<void> {
    // only an address counter that still exists is decremented (never a new key without expiry)
    await this.redis.eval(
      "redis.call('del', KEYS[1]) if redis.call('exists', KEYS[2]) == 1 then redis.call('decr', KEYS[2]) end",
      2,
      ...this.keys(identifier, address),
    );
  }
}

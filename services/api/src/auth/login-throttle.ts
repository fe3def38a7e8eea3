import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS } from '@savings/application';
import { Messages } from '@savings/contracts';
import { DomainError } from '@savings/domain';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Sign-in brute-force guard (contract section 1): failures are counted per identifier and per client
 * address in Redis for 15 minutes; at 10 either way, further attempts get 429 until the window ends.
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

  async assertAllowed(identifier: string, address: string): Promise<void> {
    const counts = await this.redis.mget(...this.keys(identifier, address));
    if (counts.some((count) => Number(count ?? 0) >= LOGIN_FAILURE_LIMIT)) {
      throw new DomainError('AUTH.TOO_MANY_ATTEMPTS', 'rate_limited', Messages.tooManyAttempts);
    }
  }

  async recordFailure(identifier: string, address: string): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(identifier, address)) {
      pipeline.incr(key).expire(key, LOGIN_FAILURE_WINDOW_SECONDS, 'NX');
    }
    await pipeline.exec();
  }

  /** A success clears the identifier's count (not the address's: one address may try many accounts). */
  async recordSuccess(identifier: string, address: string): Promise<void> {
    await this.redis.del(this.keys(identifier, address)[0]);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS } from '@savings/application';

export const REGISTRATION_WINDOW_SECONDS = 60 * 60;

/**
 * Account opening per client address: at most REGISTRATIONS_PER_ADDRESS_PER_HOUR attempts (valid
 * requests, whatever their outcome) within an hour from the first, counted in Redis. Each attempt
 * costs a password hash, and a 409 tells whether an e-mail has an account: unlimited, either is a
 * way to load the server or probe for customers.
 */
@Injectable()
export class RegistrationThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts this attempt, atomically (parallel attempts cannot all slip in); refused past the limit. */
  async reserveAttempt(address: string): Promise<{ retryAfterSeconds: number } | null> {
    const key = `${this.config.queuePrefix}:register:ip:${address}`;
    const results = await this.redis.multi().incr(key).expire(key, REGISTRATION_WINDOW_SECONDS, 'NX').ttl(key).exec();
    const [count, , secondsLeft] = (results ?? []).map(([, value]) => Number(value ?? 0));
    if (count <= this.config.registrationsPerAddressPerHour) return null;
    return { retryAfterSeconds: Math.max(1, secondsLeft) };
  }
}

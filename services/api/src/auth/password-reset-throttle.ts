import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS } from '@savings/application';

export const PASSWORD_RESET_WINDOW_SECONDS = 60 * 60;
/** Reset requests and confirmations one client address may make per hour. */
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 20;

/**
 * Password-reset calls per client address (api-contract.md section 14), counted in Redis like
 * registrations. The per-account limit is the handler's (a few links an hour, then silence), so it
 * answers the same 202 for an account and for an unknown e-mail.
 */
@Injectable()
export class PasswordResetThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async reserveAttempt(address: string): Promise<{ retryAfterSeconds: number } | null> {
    const key = `${this.config.queuePrefix}:password-reset:ip:${address}`;
    const results = await this.redis.multi().incr(key).expire(key, PASSWORD_RESET_WINDOW_SECONDS, 'NX').ttl(key).exec();
    const [count, , secondsLeft] = (results ?? []).map(([, value]) => Number(value ?? 0));
    if (count <= PASSWORD_RESETS_PER_ADDRESS_PER_HOUR) return null;
    return { retryAfterSeconds: Math.max(1, secondsLeft) };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS } from '@savings/application';
import { Messages } from '@savings/contracts';
import { DomainError } from '@savings/domain';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** One check of a password: sign-in, or the current password on change-password. */
export interface PasswordAttempt {
  /** The client address (req.ip, as TRUST_PROXY resolves it). */
  address: string;
  /** The account checked, whatever spelling named it (SignInSubjectQuery, accountSubject). */
  subject: string;
}

const hashed = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Password brute-force guard (contract sections 1 and 8): failures are counted in Redis for 15
 * minutes per account, per client address, and per address and account together; after 10 any way,
 * further attempts get 429 until the window (which starts at the first attempt) ends. Sign-in and
 * change-password's current password count alike.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** [account, address, address+account]; hashed, so no e-mail address or name sits in a key name. */
  private keys({ address, subject }: PasswordAttempt): [string, string, string] {
    const base = `${this.config.queuePrefix}:login-fail`;
    return [
      `${base}:account:${hashed(subject)}`,
      `${base}:ip:${address}`,
      `${base}:pair:${hashed(`${address}\n${subject}`)}`,
    ];
  }

  /**
   * Counts this attempt before the password is checked, atomically, so a burst of parallel guesses
   * cannot all slip in before the first failure is recorded. Attempt 11 within a window is refused with
   * 429 and Retry-After (seconds until the longest blocking window ends).
   */
  async reserveAttempt(
    attempt: PasswordAttempt,
    res?: { setHeader(name: string, value: string): unknown },
  ): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(attempt)) {
      pipeline.incr(key).expire(key, LOGIN_FAILURE_WINDOW_SECONDS, 'NX').ttl(key);
    }
    const results = ((await pipeline.exec()) ?? []).map(([, value]) => Number(value ?? 0));
    // per key: [count, expire result, seconds left]
    const blocked = [0, 3, 6].filter((index) => results[index] > LOGIN_FAILURE_LIMIT);
    if (blocked.length === 0) return;
    res?.setHeader('Retry-After', String(Math.max(1, ...blocked.map((index) => results[index + 2]))));
    throw new DomainError('AUTH.TOO_MANY_ATTEMPTS', 'rate_limited', Messages.tooManyAttempts);
  }

  /** A right password was not a failure: the account starts afresh and the address gets its attempt back. */
  async recordSuccess(attempt: PasswordAttempt): Promise<void> {
    const [account, address, pair] = this.keys(attempt);
    // only an address counter that still exists is decremented (never a new key without expiry)
    await this.redis.eval(
      "redis.call('del', KEYS[1], KEYS[3]) if redis.call('exists', KEYS[2]) == 1 then redis.call('decr', KEYS[2]) end",
      3,
      account,
      address,
      pair,
    );
  }
}

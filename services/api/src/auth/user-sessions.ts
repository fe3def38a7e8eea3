import { Inject, Injectable } from '@nestjs/common';
import type { Store } from 'express-session';
import Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS, userSessionsKey } from '@savings/application';
import { SESSION_MAX_AGE_MS, SESSION_STORE } from './session-store';

/**
 * Every user's live session ids, in a Redis set beside the sessions, so a password change can end the
 * user's other sessions (the store alone cannot be searched by user).
 */
@Injectable()
export class UserSessions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_STORE) private readonly store: Store,
  ) {}

  private key(userId: number): string {
    return userSessionsKey(this.config.queuePrefix, userId);
  }

  async track(userId: number, sessionId: string): Promise<void> {
    await this.redis.multi().sadd(this.key(userId), sessionId).pexpire(this.key(userId), SESSION_MAX_AGE_MS).exec();
  }

  async untrack(userId: number, sessionId: string): Promise<void> {
    await this.redis.srem(this.key(userId), sessionId);
  }

  /** Destroys every session of the user but the one given. */
  async destroyOthers(userId: number, keepSessionId: string): Promise<number> {
    const ids = (await this.redis.smembers(this.key(userId))).filter((id) => id !== keepSessionId);
    await Promise.all(
      ids.map(
        (id) => new Promise<void>((resolve, reject) => this.store.destroy(id, (e) => (e ? reject(e) : resolve()))),
      ),
    );
    if (ids.length > 0) await this.redis.srem(this.key(userId), ...ids);
    return ids.length;
  }
}

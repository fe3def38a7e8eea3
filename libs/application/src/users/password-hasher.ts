import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { MAX_PASSWORD_LENGTH, Messages } from '@savings/contracts';
import { DomainError } from '@savings/domain';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and cheap enough for a 2-core machine.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hashing; over-long passwords are refused before any hashing work is done. */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  async hash(password: string): Promise<string> {
    assertPasswordLength(password);
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    if (password.length > MAX_PASSWORD_LENGTH) return false;
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown account cannot be told from a wrong password. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= argon2.hash('dummy-password-for-timing', OPTIONS);
    await this.verify(await this.dummyHash, password.slice(0, MAX_PASSWORD_LENGTH));
    return false;
  }
}

export function assertPasswordLength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError('USER.PASSWORD_TOO_LONG', 'invalid', Messages.passwordTooLong, {
      password: Messages.passwordTooLong,
    });
  }
}

import { createHash, randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// RFC 4648 base32, lower case: it has no 0, 1, 8 or 9, so a 0 or 1 typed from paper means o or l
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** One code: 16 base32 characters (80 random bits) in groups of four, e.g. `k7xq-m2pa-r4td-wy5e`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const characters = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return characters.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** What is typed, as compared: case, spaces and hyphens do not matter; 0 reads as o and 1 as l. */
export function normalizeRecoveryCode(typed: string): string | null {
  const compact = typed.toLowerCase().replace(/[\s-]/g, '').replace(/0/g, 'o').replace(/1/g, 'l');
  return /^[a-z2-7]{16}$/.test(compact) ? compact : null;
}

/**
 * Stored form: SHA-256 of the normalized code. 80 random bits cannot be guessed offline, so a slow
 * password hash would only cost time on every check (ADR 0023), and a plain digest can be looked up.
 */
export function hashRecoveryCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { NONCE_PATTERN } from '@savings/domain';
import { leafNonce, leafNonces } from './proof-commit';

describe('leaf nonces', () => {
  it('are 32 hex characters, the same for a user one at a time or in a page, and differ per user and per key', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }), { minLength: 2, maxLength: 40 }),
        (ids) => {
          const key = randomBytes(32).toString('hex');
          const other = randomBytes(32).toString('hex');
          const page = leafNonces(key, ids);
          expect(page.every((nonce) => NONCE_PATTERN.test(nonce))).toBe(true);
          expect(new Set(page).size).toBe(ids.length);
          expect(leafNonce(key, String(ids[1]))).toBe(page[1]);
          expect(leafNonces(other, ids).some((nonce, i) => nonce === page[i])).toBe(false);
        },
      ),
    );
  });
});

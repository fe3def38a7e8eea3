import { normalizeRecoveryCode } from './recovery-codes';

/** Given a recovery code as typed, when it is normalized, then the form it is compared in, or null. */
describe('normalizeRecoveryCode', () => {
  it('reads a typed 0 as o and 1 as l, anywhere in the code', () => {
    expect(normalizeRecoveryCode('0000-1111-2222-3333')).toBe('oooollll22223333');
  });

  it('takes exactly 16 base32 characters: not 15, not 17, nothing outside the alphabet at either end', () => {
    expect(normalizeRecoveryCode('abcd-efgh-ijkl-mnop')).toBe('abcdefghijklmnop');
    expect(normalizeRecoveryCode('abcd-efgh-ijkl-mno')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-ijkl-mnopq')).toBeNull();
    expect(normalizeRecoveryCode('8bcd-efgh-ijkl-mnop')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-ijkl-mno9')).toBeNull();
  });
});

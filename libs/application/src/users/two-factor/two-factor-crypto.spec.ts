import { randomBytes } from 'node:crypto';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { SecretBox } from './secret-box';
import { matchTotpStep, totpCodeAt, totpUrl } from './totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('gives the RFC test vectors (their last 6 digits)', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('matches a code within one step of drift each way and names its step', () => {
    const at = new Date(1_111_111_109_000); // step 37037036
    const code = totpCodeAt(RFC_SECRET, at);
    expect(matchTotpStep(RFC_SECRET, code, at)).toBe(37037036);
    expect(matchTotpStep(RFC_SECRET, code, new Date(at.getTime() + 30_000))).toBe(37037036);
    expect(matchTotpStep(RFC_SECRET, code, new Date(at.getTime() - 30_000))).toBe(37037036);
    expect(matchTotpStep(RFC_SECRET, code, new Date(at.getTime() + 60_000))).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code, new Date(at.getTime() - 60_000))).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const at = new Date(59_000);
    for (const code of ['28708', '2870822', ' 287082', 'abcdef', '']) {
      expect(matchTotpStep(RFC_SECRET, code, at)).toBeNull();
    }
  });

  it('writes the otpauth:// URL apps scan', () => {
    const url = new URL(totpUrl(RFC_SECRET, 'ada@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Savings Platform:ada@example.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret: RFC_SECRET,
      issuer: 'Savings Platform',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals with a fresh IV each time and opens only for the same owner', () => {
    const one = box.seal(RFC_SECRET, 'user:1');
    const two = box.seal(RFC_SECRET, 'user:1');
    expect(one).not.toBe(two);
    expect(one).not.toContain(RFC_SECRET);
    expect(box.open(one, 'user:1')).toBe(RFC_SECRET);
    expect(() => box.open(one, 'user:2')).toThrow();
  });

  it('refuses a tampered value and names a value sealed under another key', () => {
    const sealed = box.seal(RFC_SECRET, 'user:1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'user:1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'user:1')).toThrow(/another key/);
  });
});

describe('recovery codes', () => {
  it('makes 10 distinct codes of 80 random bits, typed in any case with or without hyphens', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const [code] = codes;
    expect(normalizeRecoveryCode(code.toUpperCase().replace(/-/g, ' '))).toBe(code.replace(/-/g, ''));
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(normalizeRecoveryCode('l0ok-ab2c-de3f-gh4i')).toBe(normalizeRecoveryCode('10ok-ab2c-de3f-gh4i'));
    expect(hashRecoveryCode(normalizeRecoveryCode(code)!)).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { createHash } from 'node:crypto';
import { SecretBox } from './secret-box';

/** The sealed form, given a fixed key: version, key fingerprint, IV, tag and body; anything else refused. */

const key = Buffer.alloc(32, 7);
const box = new SecretBox(key);

describe('SecretBox sealed form', () => {
  it('names version v1 and the first 8 hex digits of the key SHA-256, then a 12-byte IV and a 16-byte tag', () => {
    const [version, keyId, iv, tag, body, ...rest] = box.seal('JBSWY3DPEHPK3PXP', 'user:1').split('.');
    expect(version).toBe('v1');
    expect(keyId).toBe(createHash('sha256').update(key).digest('hex').slice(0, 8));
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    expect(Buffer.from(body, 'base64url')).toHaveLength(16);
    expect(rest).toEqual([]);
  });

  it('opens under a second box with the same key (the fingerprint is of the key, not the box)', () => {
    expect(new SecretBox(Buffer.alloc(32, 7)).open(box.seal('secret', 'user:1'), 'user:1')).toBe('secret');
  });

  it('refuses another version, a missing part and an extra part as not sealed', () => {
    const sealed = box.seal('secret', 'user:1');
    const parts = sealed.split('.');
    for (const bad of [
      ['v2', ...parts.slice(1)].join('.'),
      parts.slice(0, 4).join('.'),
      [...parts, 'extra'].join('.'),
      'secret',
    ]) {
      expect(() => box.open(bad, 'user:1')).toThrow('Not a sealed secret');
    }
  });

  it('names the other key fingerprint', () => {
    const other = new SecretBox(Buffer.alloc(32, 8));
    const sealed = other.seal('secret', 'user:1');
    expect(() => box.open(sealed, 'user:1')).toThrow(
      `Sealed under another key (${sealed.split('.')[1]}); MFA_SECRET_KEY changed?`,
    );
  });

  it('needs a 32-byte key', () => {
    for (const length of [16, 31, 33]) {
      expect(() => new SecretBox(Buffer.alloc(length))).toThrow('SecretBox needs a 32-byte key');
    }
  });
});

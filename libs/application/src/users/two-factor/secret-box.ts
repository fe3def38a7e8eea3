import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

/**
 * Seals short secrets (TOTP keys) at rest with AES-256-GCM: a fresh 96-bit IV per seal, the 128-bit
 * tag checked on open, and the owner (e.g. `user:42`) as associated data, so a sealed value copied onto
 * another row does not open. The sealed form names its version and key fingerprint, so a value sealed
 * under another key is reported as such rather than as tampering.
 */
export class SecretBox {
  private readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  seal(plaintext: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, this.keyId, ...parts].join('.');
  }

  open(sealed: string, owner: string): string {
    const [version, keyId, iv, tag, body, ...rest] = sealed.split('.');
    if (version !== VERSION || rest.length > 0 || body === undefined) throw new Error('Not a sealed secret');
    if (keyId !== this.keyId) throw new Error(`Sealed under another key (${keyId}); MFA_SECRET_KEY changed?`);
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

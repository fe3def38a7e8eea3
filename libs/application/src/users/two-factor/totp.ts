import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps (contract section 9). */
const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step of clock drift each way. */
const DRIFT_STEPS = 1;
const ISSUER = 'Savings Platform';

/** A new random 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans from the QR code. */
export function totpUrl(secret: string, accountName: string): string {
  return new TOTP({ ...PARAMETERS, issuer: ISSUER, label: accountName, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step a 6-digit code matches at `at` (within the drift window), or null. */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = at.getTime();
  const delta = TOTP.validate({
    ...PARAMETERS,
    secret: Secret.fromBase32(secret),
    token: code,
    timestamp,
    window: DRIFT_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: PARAMETERS.period, timestamp }) + delta;
}

/** The code an app shows at `at` (tests and the demo only need it; sign-in never generates codes). */
export function totpCodeAt(secret: string, at: Date): string {
  return TOTP.generate({ ...PARAMETERS, secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

import type { Role } from '@savings/contracts';

/** Who is signed in, as guards and controllers see it; the role is re-read from the database per request. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/** E-mails are compared after Unicode NFKC and lower-casing, so look-alike spellings are one account. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** Names are NFKC-normalized and trimmed; a name never contains '@', so a login identifier is never ambiguous. */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ');
}

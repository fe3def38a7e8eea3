import type { Request } from 'express';
import type { SessionUser } from '@savings/application';
import { ROLES } from '@savings/contracts';

/**
 * The signed-in user a request's session names, or null. Sessions from before the role was kept in
 * them hold a bare id: they name nobody (and are ended by the guard), so the user signs in again.
 */
export function sessionUserOf(req: Request): SessionUser | null {
  const user = req.session?.passport?.user;
  if (typeof user !== 'object' || user === null) return null;
  const { id, name, email, role } = user;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof email !== 'string') return null;
  return (ROLES as readonly string[]).includes(role) ? { id, name, email, role } : null;
}

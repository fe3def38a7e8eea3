import type { Request } from 'express';
import type { SessionUser } from '@savings/application';
import type { AppConfig } from '@savings/config';
import type { Role } from '@savings/contracts';

const STAFF_ROLES: readonly Role[] = ['admin', 'auditor'];

/**
 * STAFF_MFA=required: a staff member's session must have been signed in with a second factor (or have
 * turned it on; turning it on or off ends the account's other sessions, so this means "enrolled").
 * One rule for the session guard and the queue board, which sits outside Nest's guards.
 */
export function lacksRequiredSecondFactor(req: Request, user: SessionUser, config: AppConfig): boolean {
  return config.staffMfa === 'required' && STAFF_ROLES.includes(user.role) && req.session?.twoFactor !== true;
}

import type { HolderInput, Role } from '@savings/contracts';

/** Creates a customer account with a fresh reference code; resolves to the new user's id. */
export class RegisterUserCommand {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
    /** the site language the customer registered in (their mails are written in it) */
    readonly language?: string,
    /** a person (the default) or a company or foundation the registering person represents */
    readonly holder?: HolderInput,
  ) {}
}

/** Checks the current password, then stores the new hash (ending other sessions is the API's part). */
export class ChangePasswordCommand {
  constructor(
    readonly userId: number,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {}
}

export class UpdateBankingDetailsCommand {
  constructor(
    readonly userId: number,
    readonly beneficiaryName: string,
    readonly iban: string,
    readonly swift: string,
    /** the request's correlation id, carried by the events a change causes (withdrawals back to pending) */
    readonly correlationId?: string,
  ) {}
}

/**
 * `admin:create` and the demo seed: creates the account with that role, or gives an existing account
 * (same e-mail) the role; idempotent. An existing account keeps its password.
 */
export class CreateOrPromoteUserCommand {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly name: string,
    readonly role: Role,
  ) {}
}

export interface CreateOrPromoteUserResult {
  userId: number;
  created: boolean;
  previousRole: Role | null;
}

/** Operator reset (command line, demo seed): sets a new password without the current one. */
export class SetPasswordCommand {
  constructor(
    readonly userId: number,
    readonly newPassword: string,
  ) {}
}

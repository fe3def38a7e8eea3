/**
 * Two-factor sign-in (contract section 9). Every command takes the instant it runs at, so the TOTP
 * arithmetic is tested with a fixed clock.
 */

/** Starts (or restarts) setup: a new sealed secret, not yet in force. Resolves to {secret, otpauthUrl}. */
export class StartTwoFactorSetupCommand {
  constructor(
    readonly userId: number,
    readonly at: Date,
  ) {}
}

/** Confirms setup with a first code; resolves to the 10 recovery codes (shown once). */
export class EnableTwoFactorCommand {
  constructor(
    readonly userId: number,
    readonly code: string,
    readonly at: Date,
  ) {}
}

/** Turns it off: the password again, and a TOTP or recovery code. */
export class DisableTwoFactorCommand {
  constructor(
    readonly userId: number,
    readonly password: string,
    readonly code: string,
    readonly at: Date,
  ) {}
}

/**
 * The code step of sign-in: a current TOTP code (each time step accepted once) or an unused recovery
 * code (then used up). Resolves to which one it was; refuses with 401 `Invalid code`.
 */
export class VerifySecondFactorCommand {
  constructor(
    readonly userId: number,
    readonly code: string,
    readonly at: Date,
  ) {}
}

export type SecondFactorUsed = 'totp' | 'recovery_code';

/**
 * Operator reset (command line) for a person who lost both phone and recovery codes: the factor and
 * its codes are removed and every session of the account ends. Resolves to the account's id and
 * whether two-factor sign-in was on; null for an unknown e-mail.
 */
export class ResetTwoFactorCommand {
  constructor(readonly email: string) {}
}

export interface ResetTwoFactorResult {
  userId: number;
  wasEnabled: boolean;
}

/** Whether two-factor sign-in is on for the account, and how many recovery codes are left. */
export class GetTwoFactorStatusQuery {
  constructor(readonly userId: number) {}
}

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

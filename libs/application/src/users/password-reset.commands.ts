/**
 * Asks for a reset link (api-contract.md section 14). Always succeeds, whether or not the e-mail has
 * an account: the handler does the same work either way, and only an account gets the mail.
 */
export class RequestPasswordResetCommand {
  constructor(readonly email: string) {}
}

/** Sets a new password with a reset token; resolves to the account's id (its sessions are the API's to end). */
export class ConfirmPasswordResetCommand {
  constructor(
    readonly token: string,
    readonly newPassword: string,
  ) {}
}

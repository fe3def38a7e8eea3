/** The public view of one user ({user} of the API), with balance and available balance. */
export class GetUserQuery {
  constructor(readonly userId: number) {}
}

/**
 * The account an identifier (an e-mail, or a name when exactly one account has it) and password sign in
 * to, or null. Unknown accounts cost the same hashing time as wrong passwords.
 */
export class VerifyCredentialsQuery {
  constructor(
    readonly identifier: string,
    readonly password: string,
  ) {}
}

/** The public view of one user ({user} of the API), with balance and available balance. */
export class GetUserQuery {
  constructor(readonly userId: number) {}
}

/**
 * The account an identifier (an e-mail or a name; names are unique) and password sign in to, or null. Unknown accounts cost the same hashing time as wrong passwords.
 */
export class VerifyCredentialsQuery {
  constructor(
    readonly identifier: string,
    readonly password: string,
  ) {}
}

/**
 * What sign-in throttling counts failures against (contract section 8): `account:<id>` for the account
 * the identifier names, whatever its spelling, else `unknown:<canonical identifier>`, so an unknown
 * account is throttled exactly like a known one and a 429 reveals nothing.
 */
export class SignInSubjectQuery {
  constructor(readonly identifier: string) {}
}

/** The throttling subject of a signed-in account (change-password counts against the same one). */
export function accountSubject(userId: number): string {
  return `account:${userId}`;
}

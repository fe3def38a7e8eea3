import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Messages, type PublicUser, type Role } from '@savings/contracts';
import { type Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { SQL } from '../platform/tokens';
import { PasswordHasher } from './password-hasher';
import { readPublicUser } from './user-read-model';
import { normalizeEmail, normalizeName, type SessionUser } from './user-identity';
import { accountSubject, GetUserQuery, SignInSubjectQuery, VerifyCredentialsQuery } from './user.queries';

interface IdentityRow {
  id: string;
  name: string;
  email: string;
  role: Role;
}

const toSessionUser = (row: IdentityRow): SessionUser => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
});

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, PublicUser> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: GetUserQuery): Promise<PublicUser> {
    const user = await readPublicUser(this.sql, query.userId);
    if (!user) throw new DomainError('USER.NOT_FOUND', 'unauthenticated', Messages.authenticationRequired);
    return user;
  }
}

type CredentialRow = IdentityRow & { password_hash: string };

/** The account an identifier names: an e-mail (names never contain '@'), else a name (unique, case folded). */
async function findByIdentifier(sql: Sql, rawIdentifier: string): Promise<CredentialRow | null> {
  const identifier = rawIdentifier.normalize('NFKC').trim();
  const [row] = identifier.includes('@')
    ? await sql.query<CredentialRow>('select id, name, email, role, password_hash from users where email = $1', [
        normalizeEmail(identifier),
      ])
    : await sql.query<CredentialRow>(
        'select id, name, email, role, password_hash from users where lower(name) = lower($1)',
        [normalizeName(identifier)],
      );
  return row ?? null;
}

@QueryHandler(VerifyCredentialsQuery)
export class VerifyCredentialsHandler implements IQueryHandler<VerifyCredentialsQuery, SessionUser | null> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(query: VerifyCredentialsQuery): Promise<SessionUser | null> {
    const row = await findByIdentifier(this.sql, query.identifier);
    if (!row) return this.hasher.verifyDummy(query.password).then(() => null);
    return (await this.hasher.verify(row.password_hash, query.password)) ? toSessionUser(row) : null;
  }
}

@QueryHandler(SignInSubjectQuery)
export class SignInSubjectHandler implements IQueryHandler<SignInSubjectQuery, string> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: SignInSubjectQuery): Promise<string> {
    const row = await findByIdentifier(this.sql, query.identifier);
    if (row) return accountSubject(Number(row.id));
    const identifier = query.identifier.normalize('NFKC').trim();
    const canonical = identifier.includes('@') ? normalizeEmail(identifier) : normalizeName(identifier).toLowerCase();
    return `unknown:${canonical}`;
  }
}

import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Messages, type PublicUser, type Role } from '@savings/contracts';
import { type Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { SQL } from '../platform/tokens';
import { PasswordHasher } from './password-hasher';
import { readPublicUser } from './user-read-model';
import { normalizeEmail, normalizeName, type SessionUser } from './user-identity';
import { GetUserQuery, VerifyCredentialsQuery } from './user.queries';

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

@QueryHandler(VerifyCredentialsQuery)
export class VerifyCredentialsHandler implements IQueryHandler<VerifyCredentialsQuery, SessionUser | null> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(query: VerifyCredentialsQuery): Promise<SessionUser | null> {
    const identifier = query.identifier.normalize('NFKC').trim();
    // names never contain '@', so the identifier's kind is unambiguous
    const rows = identifier.includes('@')
      ? await this.sql.query<IdentityRow & { password_hash: string }>(
          'select id, name, email, role, password_hash from users where email = $1',
          [normalizeEmail(identifier)],
        )
      : await this.sql.query<IdentityRow & { password_hash: string }>(
          'select id, name, email, role, password_hash from users where lower(name) = lower($1) limit 2',
          [normalizeName(identifier)],
        );
    if (rows.length !== 1) return this.hasher.verifyDummy(query.password).then(() => null);
    const [row] = rows;
    return (await this.hasher.verify(row.password_hash, query.password)) ? toSessionUser(row) : null;
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Role } from '@savings/contracts';
import { type Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { insertUser } from './insert-user';
import { PasswordHasher } from './password-hasher';
import { CreateOrPromoteUserCommand, type CreateOrPromoteUserResult } from './user.commands';
import { normalizeEmail } from './user-identity';

@CommandHandler(CreateOrPromoteUserCommand)
export class CreateOrPromoteUserHandler implements ICommandHandler<
  CreateOrPromoteUserCommand,
  CreateOrPromoteUserResult
> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: CreateOrPromoteUserCommand): Promise<CreateOrPromoteUserResult> {
    const email = normalizeEmail(command.email);
    const [existing] = await this.sql.query<{ id: string; role: Role }>('select id, role from users where email = $1', [
      email,
    ]);
    if (existing) {
      await this.sql.query('update users set role = $2, updated_at = now() where id = $1', [existing.id, command.role]);
      return { userId: Number(existing.id), created: false, previousRole: existing.role };
    }
    const passwordHash = await this.hasher.hash(command.password);
    const userId = await insertUser(this.sql, { name: command.name, email, passwordHash, role: command.role });
    return { userId, created: true, previousRole: null };
  }
}

import { Inject } from '@nestjs/common';
import Redis from 'ioredis';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@savings/config';
import type { Role } from '@savings/contracts';
import { type Sql } from '@savings/database';
import { APP_CONFIG, REDIS, SQL } from '../platform/tokens';
import { insertUser } from './insert-user';
import { PasswordHasher } from './password-hasher';
import { endAllSessions } from './session-keys';
import { CreateOrPromoteUserCommand, type CreateOrPromoteUserResult } from './user.commands';
import { normalizeEmail } from './user-identity';

@CommandHandler(CreateOrPromoteUserCommand)
export class CreateOrPromoteUserHandler implements ICommandHandler<
  CreateOrPromoteUserCommand,
  CreateOrPromoteUserResult
> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: CreateOrPromoteUserCommand): Promise<CreateOrPromoteUserResult> {
    const email = normalizeEmail(command.email);
    const [existing] = await this.sql.query<{ id: string; role: Role }>('select id, role from users where email = $1', [
      email,
    ]);
    if (existing) {
      await this.sql.query('update users set role = $2, updated_at = now() where id = $1', [existing.id, command.role]);
      // sessions carry the role: a changed role signs the user out everywhere (a demoted admin at once)
      if (existing.role !== command.role)
        await endAllSessions(this.redis, this.config.queuePrefix, Number(existing.id));
      return { userId: Number(existing.id), created: false, previousRole: existing.role };
    }
    const passwordHash = await this.hasher.hash(command.password);
    const userId = await insertUser(this.sql, { name: command.name, email, passwordHash, role: command.role });
    return { userId, created: true, previousRole: null };
  }
}

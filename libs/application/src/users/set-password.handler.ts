import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { SQL } from '../platform/tokens';
import { PasswordHasher } from './password-hasher';
import { SetPasswordCommand } from './user.commands';

@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand, void> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: SetPasswordCommand): Promise<void> {
    const hash = await this.hasher.hash(command.newPassword);
    const rows = await this.sql.query(
      'update users set password_hash = $2, updated_at = now() where id = $1 returning id',
      [command.userId, hash],
    );
    if (rows.length === 0) throw new DomainError('USER.NOT_FOUND', 'not_found', 'No such user');
  }
}

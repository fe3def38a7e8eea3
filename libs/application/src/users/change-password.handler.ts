import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Messages } from '@savings/contracts';
import { type Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { SQL } from '../platform/tokens';
import { assertPasswordLength, PasswordHasher } from './password-hasher';
import { ChangePasswordCommand } from './user.commands';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    assertPasswordLength(command.newPassword);
    const [row] = await this.sql.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      command.userId,
    ]);
    if (!row) throw new DomainError('USER.NOT_FOUND', 'unauthenticated', Messages.authenticationRequired);
    if (!(await this.hasher.verify(row.password_hash, command.currentPassword))) {
      throw new DomainError('USER.CURRENT_PASSWORD_WRONG', 'invalid', Messages.currentPasswordWrong, {
        currentPassword: Messages.currentPasswordWrong,
      });
    }
    const hash = await this.hasher.hash(command.newPassword);
    await this.sql.query('update users set password_hash = $2, updated_at = now() where id = $1', [
      command.userId,
      hash,
    ]);
  }
}

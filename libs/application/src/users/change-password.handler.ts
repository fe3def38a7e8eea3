import { Inject } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { holderDisplayName, Messages } from '@savings/contracts';
import { type Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { MailOutbox } from '../mail/mail-outbox';
import { SQL } from '../platform/tokens';
import { assertPasswordLength, PasswordHasher } from './password-hasher';
import { recordSecurityEvent } from './security-history';
import { ChangePasswordCommand } from './user.commands';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
    private readonly outbox: MailOutbox,
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
    await this.sql.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string; name: string; legal_name: string | null; language: string }>(
        'update users set password_hash = $2, updated_at = now() where id = $1 returning email, name, legal_name, language',
        [command.userId, hash],
      );
      await recordSecurityEvent(tx, command.userId, 'password-changed');
      await this.outbox.write(tx, [
        {
          cause: `password-changed:${command.userId}:${randomUUID()}`,
          userId: command.userId,
          recipient: user.email,
          name: holderDisplayName({ name: user.name, legalName: user.legal_name }),
          language: user.language,
          message: { template: 'password-changed', params: {} },
        },
      ]);
    });
  }
}

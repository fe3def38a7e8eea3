import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { checkHolder, checkIdentity, insertUser } from './insert-user';
import { PasswordHasher } from './password-hasher';
import { RegisterUserCommand } from './user.commands';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, number> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: RegisterUserCommand): Promise<number> {
    // refuse bad input before the (deliberately slow) password hash
    checkIdentity(command.name, command.email);
    checkHolder(command.holder);
    const passwordHash = await this.hasher.hash(command.password);
    return insertUser(this.sql, {
      name: command.name,
      email: command.email,
      passwordHash,
      role: 'customer',
      language: command.language,
      holder: command.holder,
    });
  }
}

import { CommandBus } from '@nestjs/cqrs';
import { CreateOrPromoteUserCommand, type CreateOrPromoteUserResult } from '@savings/application';
import { isDomainError } from '@savings/domain';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type Role } from '@savings/contracts';
import { parseArgs, UsageError, type CliCommand } from '../command';
import { withApplication } from '../with-application';

const USAGE = 'Usage: npm run admin:create -- --email E --password P --name N [--role admin|auditor]';
const ROLES: Role[] = ['admin', 'auditor'];

function flag(flags: Map<string, string | true>, name: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.\n${USAGE}`);
  return value;
}

/** `admin:create`: creates the account with the role, or gives an existing account the role. Idempotent. */
export const adminCreateCommand: CliCommand = {
  name: 'admin:create',
  summary: 'create an admin (or auditor) account, or promote an existing one',
  async run(args, config) {
    const { flags } = parseArgs(args);
    const email = flag(flags, 'email');
    const password = flag(flags, 'password');
    const name = flag(flags, 'name');
    const role = (flags.get('role') ?? 'admin') as Role;
    if (!ROLES.includes(role)) throw new UsageError(`--role must be admin or auditor.\n${USAGE}`);
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      throw new UsageError(`--password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`);
    }
    let result: CreateOrPromoteUserResult;
    try {
      result = await withApplication(config, (app) =>
        app
          .get(CommandBus)
          .execute<CreateOrPromoteUserCommand, CreateOrPromoteUserResult>(
            new CreateOrPromoteUserCommand(email, password, name, role),
          ),
      );
    } catch (error) {
      // a refused e-mail or name is one sentence, not a stack
      if (!isDomainError(error)) throw error;
      console.error(error.message);
      return 1;
    }
    if (result.created) {
      console.log(`Created ${role} account #${result.userId} (${email.trim().toLowerCase()}).`);
    } else if (result.previousRole === role) {
      console.log(`Account #${result.userId} is already ${role}; nothing changed (its password was kept).`);
    } else {
      console.log(`Account #${result.userId} promoted from ${result.previousRole} to ${role} (its password was kept).`);
    }
    return 0;
  },
};

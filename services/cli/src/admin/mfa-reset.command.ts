import { CommandBus } from '@nestjs/cqrs';
import { ResetTwoFactorCommand, type ResetTwoFactorResult } from '@savings/application';
import { parseArgs, UsageError, type CliCommand } from '../command';
import { withApplication } from '../with-application';

const USAGE = 'Usage: npm run mfa:reset -- --email E';

/**
 * `mfa:reset`: for a person who lost both their phone and their recovery codes (after checking who they
 * are, outside this tool): removes the account's two-factor sign-in and ends its sessions.
 */
export const mfaResetCommand: CliCommand = {
  name: 'mfa:reset',
  summary: "remove an account's two-factor sign-in (lost phone and recovery codes) and end its sessions",
  async run(args, config) {
    const email = parseArgs(args).flags.get('email');
    if (typeof email !== 'string' || email.trim() === '') throw new UsageError(`--email is required.\n${USAGE}`);
    const result = await withApplication(config, (app) =>
      app.get(CommandBus).execute<ResetTwoFactorCommand, ResetTwoFactorResult | null>(new ResetTwoFactorCommand(email)),
    );
    if (!result) {
      console.error(`No account has the e-mail ${email.trim().toLowerCase()}.`);
      return 1;
    }
    console.log(
      result.wasEnabled
        ? `Two-factor sign-in of account #${result.userId} removed; its sessions ended. It signs in with the password and can set it up again at /security.`
        : `Account #${result.userId} had no two-factor sign-in; its sessions ended.`,
    );
    return 0;
  },
};

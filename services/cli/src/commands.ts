import type { CliCommand } from './command';
import { migrateCommand } from './db/migrate.command';
import { jobsCommand } from './jobs/jobs.command';
import { adminCreateCommand } from './admin/admin-create.command';
import { mfaResetCommand } from './admin/mfa-reset.command';
import { seedCommand } from './seed/seed.command';
import { ledgerCommand } from './ledger/ledger.command';

/** Every command of the command line; each capability adds its own. */
export const commands: CliCommand[] = [
  migrateCommand,
  jobsCommand,
  adminCreateCommand,
  mfaResetCommand,
  seedCommand,
  ledgerCommand,
];

import type { CliCommand } from './command';
import { migrateCommand } from './db/migrate.command';
import { jobsCommand } from './jobs/jobs.command';

/** Every command of the command line; each capability adds its own. */
export const commands: CliCommand[] = [migrateCommand, jobsCommand];

import { migrateDatabase } from '@savings/database';
import { redactUrl } from '@savings/config';
import type { CliCommand } from '../command';

export const migrateCommand: CliCommand = {
  name: 'db:migrate',
  summary: 'create the database if missing and apply pending migrations',
  async run(_args, config) {
    const applied = await migrateDatabase(config.databaseUrl);
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) to ${redactUrl(config.databaseUrl)}: ${applied.join(', ')}`
        : `Database ${redactUrl(config.databaseUrl)} is up to date.`,
    );
    return 0;
  },
};

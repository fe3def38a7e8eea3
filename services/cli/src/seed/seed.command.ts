import { resolve } from 'node:path';
import type { CliCommand } from '../command';
import { withApplication } from '../with-application';
import { seedDemo } from './demo-seed';

/** Where the demo logins are written (git-ignored .data/ of the repository the command runs in). */
export const DEMO_CREDENTIALS_FILE = '.data/demo-admin.json';

/** `db:seed`: seeds the demo once; on every run prints the demo admin's login (npm start calls it). */
export const seedCommand: CliCommand = {
  name: 'db:seed',
  summary: 'seed the demo once (admin, customers, history, blog posts) and print the demo admin login',
  async run(_args, config) {
    const file = resolve(DEMO_CREDENTIALS_FILE);
    const outcome = await withApplication(config, (app) => seedDemo(app, file));
    const { credentials } = outcome;
    console.log(
      outcome.seededNow
        ? `Demo data created: ${credentials.customers.emails.length} customers, their history and 3 blog posts.`
        : 'Demo data already present.',
    );
    console.log(`Demo admin: ${credentials.email} / ${credentials.password}   (also in ${file})`);
    if (credentials.secondAdmin) {
      const { email, password } = credentials.secondAdmin;
      console.log(`Second admin (approves large moves, four eyes): ${email} / ${password}`);
    }
    if (outcome.seededNow) {
      console.log(
        `Demo customers (${credentials.customers.emails.join(', ')}) share the password ${credentials.customers.password}`,
      );
    }
    return 0;
  },
};

import { dropDatabase, migrateDatabase } from '@savings/database';
import {
  assertBuilt,
  browserDatabaseUrl,
  saveState,
  stackEnv,
  startMailCatcher,
  startProcess,
  waitForHealth,
} from './stack';

/**
 * Starts the real built stack (API serving the built web app, the worker, and the mail catcher its
 * mail goes to) on a fresh database.
 */
export default async function globalSetup(): Promise<void> {
  assertBuilt();
  await dropDatabase(browserDatabaseUrl);
  await migrateDatabase(browserDatabaseUrl);
  const port = Number(process.env.BROWSER_TEST_PORT ?? 3917);
  const catcher = await startMailCatcher();
  const env = stackEnv(port, catcher.smtpUrl);
  const api = startProcess('services/api/dist/main.js', env, 'api');
  const worker = startProcess('services/worker/dist/main.js', env, 'worker');
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl);
  saveState({
    baseUrl,
    databaseUrl: browserDatabaseUrl,
    pids: [api.pid ?? 0, worker.pid ?? 0, catcher.child.pid ?? 0],
    mailInboxUrl: catcher.inboxUrl,
  });
}

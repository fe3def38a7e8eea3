import { prepareTestDatabases } from './test-database';

/** Jest global setup for database tests: one migrated database per worker. */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  await prepareTestDatabases(Math.max(1, globalConfig.maxWorkers));
}

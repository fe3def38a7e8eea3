import { Client } from 'pg';
import { dropDatabase, migrateDatabase } from '@savings/database';

/** Base name of the test databases; each jest worker gets its own copy (`<base>_<worker>`). */
export function testDatabaseBaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings_test';
}

function withName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function baseName(): string {
  return new URL(testDatabaseBaseUrl()).pathname.slice(1);
}

/** The database of this jest worker. */
export function testDatabaseUrl(worker = process.env.JEST_WORKER_ID ?? '1'): string {
  return withName(testDatabaseBaseUrl(), `${baseName()}_${worker}`);
}

/** Redis key prefix of this jest worker, so parallel test files never share queues or sessions. */
export function testRedisPrefix(worker = process.env.JEST_WORKER_ID ?? '1'): string {
  return `${process.env.TEST_REDIS_PREFIX ?? 'test'}${worker}`;
}

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * Migrates a template database once, then copies it for every worker: creating from a template takes a
 * fraction of a second, running migrations per worker would not.
 */
export async function prepareTestDatabases(workers: number): Promise<void> {
  const templateUrl = withName(testDatabaseBaseUrl(), `${baseName()}_template`);
  await dropDatabase(templateUrl);
  await migrateDatabase(templateUrl);
  const admin = new Client({ connectionString: withName(testDatabaseBaseUrl(), 'postgres') });
  await admin.connect();
  try {
    for (let worker = 1; worker <= workers; worker += 1) {
      const name = `${baseName()}_${worker}`;
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}" template "${baseName()}_template"`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Empties every table but the migration log, so a test file starts from a migrated, empty database.
 * session_replication_role=replica skips the ledger's append-only guard triggers for this one session.
 */
export async function resetDatabase(databaseUrl = testDatabaseUrl()): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables
        where schemaname = 'public' and tablename <> 'mikro_orm_migrations'`,
    );
    if (tables.rows.length > 0) {
      await client.query('set session_replication_role = replica');
      await client.query(`truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`);
    }
  } finally {
    await client.end();
  }
}

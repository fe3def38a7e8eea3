import { Client } from 'pg';
import { postgresUnreachable } from '@savings/config';

export class DependencyUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DependencyUnavailableError';
  }
}

/** Creates the database named in the URL when it does not exist yet (connecting to "postgres" to do it). */
export async function ensureDatabase(databaseUrl: string): Promise<{ created: boolean }> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Database name "${name}" must be letters, digits, _ or -.`);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    throw new DependencyUnavailableError(postgresUnreachable(databaseUrl));
  }
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return { created: false };
    try {
      await client.query(`create database "${name}"`);
    } catch (error) {
      // another process created it at the same moment
      if ((error as { code?: string }).code !== '42P04') throw error;
      return { created: false };
    }
    return { created: true };
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

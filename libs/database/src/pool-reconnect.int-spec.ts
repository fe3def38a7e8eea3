import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { testDatabaseUrl } from '@savings/testing';
import { isConnectionLoss } from './connection-loss';
import { createOrmOptions } from './orm-config';
import { PooledSql } from './sql';

/**
 * The pool after its connections died under it (a failover, a restarted server): dead connections are
 * dropped, new ones made, and the pool serves again within seconds, without a restart of the process.
 */
let orm: MikroORM;
let sql: PooledSql;

beforeAll(async () => {
  orm = await MikroORM.init(createOrmOptions({ databaseUrl: testDatabaseUrl(), entities: [], poolMax: 4 }));
  sql = new PooledSql(orm);
});

afterAll(async () => {
  await orm.close(true);
});

async function terminatePoolConnections(): Promise<number> {
  const admin = new Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    // this worker's own test database: only this pool's connections are there
    const rows = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'savings' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('the connection pool after its connections died', () => {
  it('drops the dead connections and serves again within seconds', async () => {
    // fill the pool with idle connections, then kill them under it
    await Promise.all(Array.from({ length: 4 }, () => sql.transaction((tx) => tx.query('select pg_sleep(0.05)'))));
    expect(await terminatePoolConnections()).toBeGreaterThan(0);

    const started = Date.now();
    const failures: unknown[] = [];
    for (;;) {
      try {
        const rows = await sql.query<{ one: number }>('select 1 as one');
        expect(rows).toEqual([{ one: 1 }]);
        break;
      } catch (error) {
        // at most a lost connection, never another kind of error, and never for long
        expect(isConnectionLoss(error)).toBe(true);
        failures.push(error);
        if (Date.now() - started > 10_000) throw error;
      }
    }
    expect(failures.length).toBeLessThanOrEqual(1);
    // and every connection it hands out from now on works
    const again = await Promise.all(Array.from({ length: 8 }, () => sql.query<{ one: number }>('select 1 as one')));
    expect(again.flat()).toEqual(Array(8).fill({ one: 1 }));
  });
});

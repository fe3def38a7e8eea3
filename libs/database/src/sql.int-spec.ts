import { Client } from 'pg';
import { testDatabaseUrl } from '@savings/testing';
import { queryableOf, type SqlQueryable } from './sql';

/** copyFrom: COPY FROM STDIN through pg's query queue, its errors, and the connection after them. */
let client: Client;
let db: SqlQueryable;

beforeAll(async () => {
  client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  db = queryableOf(client);
  await db.query('create temp table copy_target (id int8 primary key, note text, at timestamptz)');
});

afterAll(async () => {
  await client.end();
});

describe('copyFrom', () => {
  it('loads rows in COPY text format, escapes and nulls included', async () => {
    await db.copyFrom(
      'copy_target (id, note, at)',
      '1\ttab\\there\t2031-01-01T00:00:00.123Z\n2\t\\N\t\\N\n3\tback\\\\slash, new\\nline\t1969-12-31T23:59:59.999Z\n',
    );
    const rows = await db.query<{ id: string; note: string | null; at: string | null }>(
      `select id::text as id, note, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at
         from copy_target order by id`,
    );
    expect(rows).toEqual([
      { id: '1', note: 'tab\there', at: '2031-01-01T00:00:00.123' },
      { id: '2', note: null, at: null },
      { id: '3', note: 'back\\slash, new\nline', at: '1969-12-31T23:59:59.999' },
    ]);
  });

  it("rejects with PostgreSQL's error, and the connection serves the next query", async () => {
    await expect(db.copyFrom('copy_target (id, note, at)', '1\tagain\t\\N\n')).rejects.toThrow(/duplicate key/);
    await expect(db.copyFrom('copy_target (id, note, at)', 'x\ty\t\\N\n')).rejects.toThrow(/invalid input/);
    await expect(db.copyFrom('no_such_table (id)', '1\n')).rejects.toThrow(/does not exist/);
    expect(await db.query<{ n: number }>('select count(*)::int as n from copy_target')).toEqual([{ n: 3 }]);
  });
});

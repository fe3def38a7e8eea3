import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { testDatabaseUrl } from '@savings/testing';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import { createOrmOptions } from '../orm-config';

/**
 * Migration20261124100000-unique-names on a database that already holds duplicate names (as the
 * product allowed before issue 16): the oldest account keeps each name, later ones get " (2)",
 * " (3)"..., names are stored folded, and a second spelling of a name can no longer be inserted.
 */
const url = (() => {
  const parsed = new URL(testDatabaseUrl());
  parsed.pathname = `${parsed.pathname}_names`;
  return parsed.toString();
})();

let orm: MikroORM;
let db: Client;

beforeAll(async () => {
  await dropDatabase(url);
  await ensureDatabase(url);
  // quiet: the migrator logs each migration it applies
  orm = await MikroORM.init({
    ...createOrmOptions({ databaseUrl: url, entities: [], poolMax: 2 }),
    logger: () => undefined,
  });
  await orm.getMigrator().up({ to: 'Migration20261122000630-event-seq-identity' });
  db = new Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await orm?.close(true);
  await dropDatabase(url);
}, 30_000); // dropping a database waits for its connections to end, slow on a loaded machine

it('resolves existing duplicates oldest first, then keeps names unique case- and space-insensitively', async () => {
  const names = [
    'Alice Martin', // 1 keeps it
    'alice martin', // 2 -> "alice martin (2)"
    'Bob  Stone ', // 3 -> folded to "Bob Stone", keeps it
    'ALICE  MARTIN', // 4 -> folded, then "ALICE MARTIN (4)": "(2)" is taken by 2 and "(3)" by 5
    'Alice Martin (3)', // 5 an existing name that looks like a suffix
    'bob stone', // 6 -> "bob stone (2)"
    'x'.repeat(100), // 7 keeps it
    'X'.repeat(100), // 8 -> cut to fit: 96 x's and " (2)"
  ];
  for (const [index, name] of names.entries()) {
    await db.query(`insert into users (name, email, password_hash, reference_code) values ($1, $2, 'x', $3)`, [
      name,
      `user${index + 1}@example.test`,
      `NAMES${index + 1}`,
    ]);
  }
  const applied = await orm.getMigrator().up();
  expect(applied.map((migration) => migration.name)).toContain('Migration20261124100000-unique-names');

  const { rows } = await db.query<{ name: string }>('select name from users order by id');
  expect(rows.map((row) => row.name)).toEqual([
    'Alice Martin',
    'alice martin (2)',
    'Bob Stone',
    'ALICE MARTIN (4)',
    'Alice Martin (3)',
    'bob stone (2)',
    'x'.repeat(100),
    `${'X'.repeat(96)} (2)`,
  ]);

  await expect(
    db.query(
      `insert into users (name, email, password_hash, reference_code) values ('aLiCe MaRtIn', 'n@example.test', 'x', 'NAMESN')`,
    ),
  ).rejects.toMatchObject({ code: '23505', constraint: 'users_name_unique' });

  // sign-in by name still finds its account through the index (the table is tiny: no sequential scan)
  await db.query('set enable_seqscan = off');
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    "explain select id from users where lower(name) = lower('Alice Martin')",
  );
  expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/users_name_unique/);
});

import { CommandBus } from '@nestjs/cqrs';
import { ConfirmDepositCommand, SQL } from '@savings/application';
import type { AdminUsersResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import { expectLedgerVerifies, signedIn, testContext, type TestActor } from '../../test/back-office';

jest.setTimeout(120_000);

const USERS = 10_000;
const FUNDED = 40;

/** The users list stays one set-based statement: 10,000 users are listed and totalled by PostgreSQL. */
describe('GET /api/admin/users with 10,000 users', () => {
  let app: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app, 'admin', 'Scale Admin');
    const sql = app.app.get<Sql>(SQL);
    // identity rows in one statement; money only through the ledger's commands below
    await sql.query(
      `insert into users (name, email, password_hash, reference_code)
       select 'Customer ' || n, 'customer' || n || '@scale.test', 'not-a-hash', 'S' || lpad(n::text, 9, '0')
         from generate_series(1, $1::int) as n`,
      [USERS],
    );
    const ids = await sql.query<{ id: string }>('select id::text from users where role = $1 order by id limit $2', [
      'customer',
      FUNDED,
    ]);
    const commands = app.app.get(CommandBus);
    for (const [i, { id }] of ids.entries()) {
      await commands.execute(
        new ConfirmDepositCommand(
          Number(id),
          `${1000 + i}.${String(i % 100).padStart(2, '0')}`,
          null,
          testContext('admin', admin.id),
        ),
      );
    }
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  it('returns every user with totals that match the rows, quickly', async () => {
    await admin.agent.get('/api/admin/users?limit=1').expect(200); // warm-up
    const started = performance.now();
    const response = await admin.agent.get('/api/admin/users').expect(200);
    const elapsed = performance.now() - started;
    const body = response.body as AdminUsersResponse;
    expect(body.totalUsers).toBe(USERS + 1);
    expect(body.users).toHaveLength(USERS + 1);
    // exact cents: sum the rows as integers
    const balanceCents = body.users.reduce((sum, u) => sum + BigInt(Math.round(u.balance * 100)), 0n);
    const monthlyCents = body.users.reduce((sum, u) => sum + BigInt(Math.round(u.monthlyInterest * 100)), 0n);
    expect(BigInt(Math.round(body.totalBalance * 100))).toBe(balanceCents);
    expect(BigInt(Math.round(body.totalMonthlyInterest * 100))).toBe(monthlyCents);
    process.stdout.write(`GET /api/admin/users, ${USERS + 1} users: ${elapsed.toFixed(0)} ms\n`);
    expect(elapsed).toBeLessThan(3000);
  });

  it('pages and sorts by balance in one statement', async () => {
    const started = performance.now();
    const response = await admin.agent.get('/api/admin/users?sort=balance&order=desc&limit=50').expect(200);
    const elapsed = performance.now() - started;
    const body = response.body as AdminUsersResponse;
    expect(body.users).toHaveLength(50);
    expect(body.users[0].balance).toBe(1039.39);
    expect(body.totalUsers).toBe(USERS + 1);
    process.stdout.write(`GET /api/admin/users?sort=balance&limit=50: ${elapsed.toFixed(0)} ms\n`);
    expect(elapsed).toBeLessThan(1000);
  });
});

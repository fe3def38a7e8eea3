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

  // Speed is measured by `npm run bench -- http` (admin_users), never asserted in a test.
  it('returns every user with totals that match the rows', async () => {
    const response = await admin.agent.get('/api/admin/users').expect(200);
    const body = response.body as AdminUsersResponse;
    expect(body.totalUsers).toBe(USERS + 1);
    expect(body.users).toHaveLength(USERS + 1);
    // exact cents: sum the rows as integers
    const balanceCents = body.users.reduce((sum, u) => sum + BigInt(Math.round(u.balance * 100)), 0n);
    const monthlyCents = body.users.reduce((sum, u) => sum + BigInt(Math.round(u.monthlyInterest * 100)), 0n);
    expect(BigInt(Math.round(body.totalBalance * 100))).toBe(balanceCents);
    expect(BigInt(Math.round(body.totalMonthlyInterest * 100))).toBe(monthlyCents);
  });

  it('pages and sorts by balance in one statement', async () => {
    const response = await admin.agent.get('/api/admin/users?sort=balance&order=desc&limit=50').expect(200);
    const body = response.body as AdminUsersResponse;
    expect(body.users).toHaveLength(50);
    expect(body.users[0].balance).toBe(1039.39);
    expect(body.totalUsers).toBe(USERS + 1);
  });
});

import type { INestApplicationContext } from '@nestjs/common';
import { InterestRunService, SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase } from '@savings/testing';
import { fundedUser, startApplication, workerTestConfig } from '../testing/worker-test-kit';

const FIRST = '2027-03-01';
const LAST = '2027-03-30';
const DAYS = 30n;
const context = { actor: { kind: 'job' as const, id: 'test' }, correlationId: 'carry-test' };

describe('the carry rule over 30 days, through the job orchestration', () => {
  let app: INestApplicationContext;
  let sql: Sql;

  beforeAll(async () => {
    await resetDatabase();
    app = await startApplication(workerTestConfig());
    sql = app.get<Sql>(SQL);
  }, 60_000);

  afterAll(() => app.close());

  it('credits in total the exact compounded interest within one cent, for 10.00, 1000.00 and 12345.67', async () => {
    const accounts = new Map<number, bigint>();
    for (const [amount, cents] of [
      ['10.00', 1000n],
      ['1000.00', 100000n],
      ['12345.67', 1234567n],
    ] as const) {
      accounts.set(await fundedUser(app, amount), cents);
    }
    const runs = app.get(InterestRunService);
    // the first date, then a catch-up of the 29 following ones in order
    await runs.runThrough(FIRST, context);
    const result = await runs.runThrough(LAST, context);
    expect(result.dates).toHaveLength(29);
    expect(result.dates.every((date) => date.status === 'completed')).toBe(true);

    // exact: b * (36507/36500)^30 - b, kept as a fraction over 36500^30
    const denominator = 36500n ** DAYS;
    for (const [userId, start] of accounts) {
      const [row] = await sql.query<{ balance_cents: string; credited: string; n: number }>(
        `select a.balance_cents, coalesce(sum(p.interest_cents), 0)::text as credited, count(p.*)::int as n
           from accounts a left join interest_payments p on p.user_id = a.user_id
          where a.user_id = $1 group by a.balance_cents`,
        [userId],
      );
      const credited = BigInt(row.balance_cents) - start;
      expect(BigInt(row.credited)).toBe(credited);
      expect(row.n).toBe(30);
      const exactNumerator = start * 36507n ** DAYS - start * denominator;
      const difference = credited * denominator - exactNumerator;
      const absolute = difference < 0n ? -difference : difference;
      expect(absolute < denominator).toBe(true);
    }
    // 10.00 earns under a cent a day: only the carry makes it pay at all
    const [small] = await sql.query<{ paid_days: number }>(
      'select count(*) filter (where interest_cents > 0)::int as paid_days from interest_payments where user_id = $1',
      [[...accounts.keys()][0]],
    );
    expect(small.paid_days).toBeGreaterThan(0);
    expect(small.paid_days).toBeLessThan(30);
  });
});

import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '@savings/config';
import { createOrmOptions, PooledSql, type Sql } from '@savings/database';
import { pdfText, resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import {
  AccrueInterestBatchCommand,
  AdjustBalanceCommand,
  ApproveWithdrawalCommand,
  ConfirmDepositCommand,
  LedgerBalanceQuery,
  MoneyModule,
  RequestWithdrawalCommand,
  type CommandContext,
  type LedgerBalanceResult,
} from '../money';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { formatCentsGrouped } from './statement-figures';
import { monthStart, nextMonth } from './statement-period';
import { StatementReader } from './statement-reader';
import { StatementsModule } from './statements.module';
import {
  GetInterestCertificateQuery,
  GetStatementFileQuery,
  ListStatementMonthsQuery,
  type StatementFile,
} from './statements.queries';

// PDFs are rendered and parsed back in child processes: slow on a loaded machine
jest.setTimeout(60_000);

/**
 * Statement figures against `ledger balance --as-of` (LedgerBalanceQuery, the command line's query)
 * on a history of deposits, interest (some accrued late), adjustments and a withdrawal across month
 * edges in a time zone that is not UTC and changes to summer time in March. The clock the command
 * handlers read is set per step (jest's fake Date only; timers stay real).
 */
const ZONE = 'America/New_York';
// set-up by the system: an opening balance is no admin move (no four eyes, no admin who could be the customer)
const admin: CommandContext = { actor: { kind: 'system', id: 'test-setup' }, correlationId: 'statements-test' };
const NOW = new Date('2026-04-15T16:00:00Z');

let app: INestApplicationContext;
let orm: MikroORM;
let sql: Sql;
let commands: CommandBus;
let queries: QueryBus;
let userId: number;
let otherId: number;

const at = (iso: string) => jest.setSystemTime(new Date(iso));
const balanceAt = async (instant: Date): Promise<bigint> =>
  BigInt(
    (await queries.execute<LedgerBalanceQuery, LedgerBalanceResult>(new LedgerBalanceQuery(userId, instant)))
      .balanceCents,
  );

async function accrue(date: string): Promise<void> {
  await commands.execute(
    new AccrueInterestBatchCommand(date, userId, userId + 1, { ...admin, actor: { kind: 'job', id: 'test' } }),
  );
}

beforeAll(async () => {
  await resetDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testRedisPrefix(),
    APP_TIMEZONE: ZONE,
  });
  orm = await MikroORM.init(createOrmOptions({ databaseUrl: config.databaseUrl, entities: [], poolMax: 10 }));
  sql = new PooledSql(orm);
  @Global()
  @Module({
    providers: [
      { provide: SQL, useValue: sql },
      { provide: APP_CONFIG, useValue: config },
    ],
    exports: [SQL, APP_CONFIG],
  })
  class TestPlatformModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [TestPlatformModule, CqrsModule.forRoot(), MoneyModule, StatementsModule],
  }).compile();
  app = await moduleRef.init();
  commands = app.get(CommandBus);
  queries = app.get(QueryBus);
  const [user, other] = await sql.query<{ id: string }>(
    `insert into users (name, email, password_hash, reference_code, beneficiary_name, iban, swift)
     values ('Ольга Петренко', 'olga@example.test', 'x', 'OLGA1', 'Ольга Петренко', 'GB82WEST12345698765432', 'DEUTDEFF'),
            ('Other Customer', 'other@example.test', 'x', 'OTHER1', null, null, null)
     returning id::text as id`,
  );
  userId = Number(user.id);
  otherId = Number(other.id);

  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  // January: a deposit, daily interest, an adjustment late on the 31st (February in UTC) and one at
  // exactly February's first instant (counted in January: the balance as of that instant includes it)
  at('2026-01-14T20:00:00Z');
  await commands.execute(new ConfirmDepositCommand(userId, '10000.00', null, admin));
  for (const day of [
    '15',
    '16',
    '17',
    '18',
    '19',
    '20',
    '21',
    '22',
    '23',
    '24',
    '25',
    '26',
    '27',
    '28',
    '29',
    '30',
    '31',
  ]) {
    at(`2026-01-${day}T16:00:00Z`);
    await accrue(`2026-01-${day}`);
  }
  at('2026-02-01T04:30:00Z');
  await commands.execute(new AdjustBalanceCommand(userId, '250.25', 'add', 'Бонус за лояльность', admin));
  at('2026-02-01T05:00:00.000Z');
  await commands.execute(new AdjustBalanceCommand(userId, '0.25', 'subtract', 'fee at midnight', admin));
  // February: a withdrawal approved, interest on a few days
  at('2026-02-09T15:00:00Z');
  const requested = (await commands.execute(
    new RequestWithdrawalCommand(userId, '1500.00', { ...admin, actor: { kind: 'user', id: userId } }),
  )) as {
    withdrawal: { id: number };
  };
  at('2026-02-10T15:00:00Z');
  await commands.execute(new ApproveWithdrawalCommand(requested.withdrawal.id, admin));
  for (const day of ['11', '12', '13']) {
    at(`2026-02-${day}T16:00:00Z`);
    await accrue(`2026-02-${day}`);
  }
  // March: a deposit on the day summer time starts, then interest for March 1-10 accrued late (after
  // the deposit was appended): each accrual counts on its own date
  at('2026-03-08T07:30:00Z');
  await commands.execute(new ConfirmDepositCommand(userId, '2000.00', 'second transfer', admin));
  at('2026-03-11T16:00:00Z');
  for (let day = 1; day <= 10; day += 1) await accrue(`2026-03-${String(day).padStart(2, '0')}`);
  // the last millisecond of March (local), then April's interest so far
  at('2026-04-01T03:59:59.999Z');
  await commands.execute(new AdjustBalanceCommand(userId, '10.00', 'subtract', '=cmd|calc', admin));
  for (const day of ['01', '02']) {
    at(`2026-04-${day}T16:00:00Z`);
    await accrue(`2026-04-${day}`);
  }
  // an event after "now": never on a statement
  at('2026-04-20T16:00:00Z');
  await commands.execute(new ConfirmDepositCommand(userId, '5000.00', null, admin));
  jest.useRealTimers();
}, 120_000);

afterAll(async () => {
  jest.useRealTimers();
  await app?.close();
  await orm?.close(true);
});

describe('statements from the ledger', () => {
  it('lists every month from the first event to the current one, each edge equal to ledger balance --as-of', async () => {
    const { months } = await queries.execute(new ListStatementMonthsQuery(userId, NOW));
    expect(months.map((m: { month: string }) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    const reader = app.get(StatementReader);
    for (const summary of await reader.months(userId, NOW)) {
      const start = monthStart(summary.month, ZONE);
      const end = summary.month === '2026-04' ? NOW : monthStart(nextMonth(summary.month), ZONE);
      expect(summary.openingCents).toBe(await balanceAt(start));
      expect(summary.closingCents).toBe(await balanceAt(end));
      expect(summary.closingCents - summary.openingCents).toBe(summary.creditsCents - summary.debitsCents);
    }
    const summaries = await reader.months(userId, NOW);
    for (let i = 1; i < summaries.length; i += 1) expect(summaries[i].openingCents).toBe(summaries[i - 1].closingCents);
    expect(summaries[0].openingCents).toBe(0n);
  });

  it('puts each movement in the month of its effective time in the platform zone, with the balance after it', async () => {
    const reader = app.get(StatementReader);
    const january = await reader.monthlyStatement(userId, '2026-01', NOW);
    expect(january.from.toISOString()).toBe('2026-01-01T05:00:00.000Z');
    expect(january.to.toISOString()).toBe('2026-02-01T05:00:00.000Z');
    const adjustments = january.lines.filter((line) => line.type === 'adjustment');
    expect(adjustments.map((line) => [line.description, line.amountCents])).toEqual([
      ['Balance adjustment: Бонус за лояльность', 25025n],
      ['Balance adjustment: fee at midnight', -25n],
    ]);
    expect(january.lines.filter((line) => line.type === 'interest')).toHaveLength(17);
    expect(january.closingCents).toBe(await balanceAt(january.to));

    const march = await reader.monthlyStatement(userId, '2026-03', NOW);
    // summer time: March starts at UTC-5 and April at UTC-4
    expect(march.from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(march.to.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    // the late accruals sit in date order around the deposit, not after it
    expect(march.lines.map((line) => line.type)).toEqual([
      ...Array(7).fill('interest'),
      'deposit',
      ...Array(3).fill('interest'),
      'adjustment',
    ]);
    for (const line of march.lines) expect(line.balanceAfterCents).toBe(await balanceAt(line.at));
    const deposit = march.lines.find((line) => line.type === 'deposit');
    expect(deposit?.description).toBe('Deposit: second transfer');

    const april = await reader.monthlyStatement(userId, '2026-04', NOW);
    expect(april.current).toBe(true);
    expect(april.to).toEqual(NOW);
    expect(april.lines.map((line) => line.type)).toEqual(['interest', 'interest']);
    expect(april.closingCents).toBe(await balanceAt(NOW));
    await expect(reader.monthlyStatement(userId, '2026-05', NOW)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(reader.monthlyStatement(userId, '2025-12', NOW)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('writes the CSV with the opening, every movement and the closing, formula-like text made inert', async () => {
    const file = await queries.execute<GetStatementFileQuery, StatementFile>(
      new GetStatementFileQuery(userId, '2026-03', 'csv', NOW),
    );
    expect(file.fileName).toBe('statement-2026-03.csv');
    const rows = file.body.toString('utf8').trimEnd().split('\r\n');
    expect(rows[0]).toBe('date,type,description,amount,balance_after');
    const opening = await balanceAt(monthStart('2026-03', ZONE));
    const closing = await balanceAt(monthStart('2026-04', ZONE));
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(rows[1].startsWith('2026-03-01T00:00:00-05:00,opening,Opening balance,,')).toBe(true);
    expect(cents(rows[1].split(',').at(-1) as string)).toBe(opening);
    expect(rows.at(-1)?.startsWith('2026-04-01T00:00:00-04:00,closing,Closing balance,,')).toBe(true);
    expect(cents(rows.at(-1)?.split(',').at(-1) as string)).toBe(closing);
    expect(rows).toContain(
      '2026-03-31T23:59:59-04:00,adjustment,Balance adjustment: =cmd|calc,-10.00,' +
        (closing / 100n).toString() +
        '.' +
        String(closing % 100n).padStart(2, '0'),
    );
    expect(rows).toHaveLength(1 + 1 + 12 + 1);
  });

  it('renders the PDF with embedded fonts: the figures and Cyrillic text parse back', async () => {
    const file = await queries.execute<GetStatementFileQuery, StatementFile>(
      new GetStatementFileQuery(userId, '2026-01', 'pdf', NOW),
    );
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.body.toString('latin1')).toMatch(/\/FontFile2/);
    const text = (await pdfText(file.body)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Ольга Петренко');
    expect(text).toContain('Бонус за лояльность');
    expect(text).toContain('Account statement — January 2026');
    const closing = await balanceAt(monthStart('2026-02', ZONE));
    expect(text).toContain(formatCentsGrouped(closing));
    expect(text).toContain('10,000.00');
  });

  it('certifies the year’s interest per month and in total, equal to the interest credited', async () => {
    const reader = app.get(StatementReader);
    const certificate = await reader.interestCertificate(userId, 2026, NOW);
    const credited = await sql.query<{ month: string; cents: string }>(
      `select to_char(payment_date at time zone $2, 'YYYY-MM') as month, sum(interest_cents)::text as cents
         from interest_payments where user_id = $1 and payment_date <= $3 group by 1 order by 1`,
      [userId, ZONE, NOW.toISOString()],
    );
    expect(certificate.months.map((m) => [m.month, m.interestCents])).toEqual(
      credited.map((row) => [row.month, BigInt(row.cents)]),
    );
    expect(certificate.totalInterestCents).toBe(credited.reduce((sum, row) => sum + BigInt(row.cents), 0n));
    expect(certificate.closingCents).toBe(await balanceAt(NOW));

    const file = await queries.execute<GetInterestCertificateQuery, StatementFile>(
      new GetInterestCertificateQuery(userId, '2026', NOW),
    );
    const { text } = await pdfText(file.body);
    expect(text).toContain('Interest certificate 2026');
    expect(text).toContain(formatCentsGrouped(certificate.totalInterestCents));
    await expect(reader.interestCertificate(userId, 2025, NOW)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses malformed months and years, and has no months for an account without events', async () => {
    await expect(queries.execute(new GetStatementFileQuery(userId, '2026-13', 'csv', NOW))).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(queries.execute(new GetInterestCertificateQuery(userId, '26', NOW))).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect(await queries.execute(new ListStatementMonthsQuery(otherId, NOW))).toEqual({ months: [] });
    await expect(queries.execute(new ListStatementMonthsQuery(987654, NOW))).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import {
  AccrueInterestBatchCommand,
  ConfirmDepositCommand,
  GetInterestCertificateQuery,
  GetStatementFileQuery,
  ListStatementMonthsQuery,
  MoneyModule,
  PlatformModule,
  SQL,
  StatementsModule,
  addDays,
  type StatementFile,
} from '@savings/application';
import { loadConfig } from '@savings/config';
import { dropDatabase, migrateDatabase, type Sql } from '@savings/database';

/**
 * `npm run bench -- statements`: one account with 5 years of daily interest (1,826 accruals through
 * the ledger's batch command, on database savings_bench_statements), then the statement calls as the
 * API makes them (the same query handlers): the months list, a month's CSV and PDF, the current
 * month's PDF and the year's interest certificate. Each is timed over several runs after a warm-up;
 * the target is under 1 s each. Writes bench/results/statements.json.
 */
const repoRoot = resolve(__dirname, '../..');
const DAYS = 1826;
const RUNS = 15;

interface Timing {
  median_ms: number;
  max_ms: number;
  bytes: number;
}

export async function statementsBench(): Promise<void> {
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? withDatabase(process.env.DATABASE_URL, 'savings_bench_statements');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-never-used-for-sessions-0123456789',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: 'bench-statements',
    APP_TIMEZONE: 'America/New_York',
    LOG_LEVEL: 'warn',
  });
  await dropDatabase(databaseUrl);
  await migrateDatabase(databaseUrl);
  const app = await NestFactory.createApplicationContext(
    {
      module: class StatementsBenchModule {},
      imports: [PlatformModule.forRoot({ config, poolMax: 4 }), CqrsModule.forRoot(), MoneyModule, StatementsModule],
    },
    { logger: ['error', 'warn'] },
  );
  await app.init();
  try {
    const sql = app.get<Sql>(SQL);
    const commands = app.get(CommandBus);
    const queries = app.get(QueryBus);
    const [user] = await sql.query<{ id: string }>(
      `insert into users (name, email, password_hash, reference_code)
       values ('Bench Investor', 'bench.statements@example.test', 'x', 'BENCHST') returning id::text as id`,
    );
    const userId = Number(user.id);
    // set-up by the system: an opening balance is no admin move (no four eyes)
    const context = { actor: { kind: 'system' as const, id: 'bench-setup' }, correlationId: 'bench-statements' };
    const seedStarted = Date.now();
    await commands.execute(new ConfirmDepositCommand(userId, '25000.00', 'opening', context));
    // the deposit is effective now; the accruals are on later dates so they pay interest on it
    let date = addDays(new Date().toISOString().slice(0, 10), 1);
    for (let day = 0; day < DAYS; day += 1) {
      await commands.execute(new AccrueInterestBatchCommand(date, userId, userId + 1, context));
      date = addDays(date, 1);
    }
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const lastDate = addDays(date, -1);
    // "now" for the statements: the day after the last accrual, so every month of the 5 years is on them
    const now = new Date(`${addDays(lastDate, 1)}T12:00:00Z`);
    const months = (await queries.execute(new ListStatementMonthsQuery(userId, now))) as {
      months: { month: string }[];
    };
    const middle = months.months[Math.floor(months.months.length / 2)].month;
    const current = months.months[months.months.length - 1].month;

    const time = async (run: () => Promise<Buffer | string>): Promise<Timing> => {
      await run();
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const started = process.hrtime.bigint();
        const out = await run();
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        bytes = out.length;
      }
      samples.sort((a, b) => a - b);
      return {
        median_ms: round(samples[Math.floor(samples.length / 2)]),
        max_ms: round(samples[samples.length - 1]),
        bytes,
      };
    };
    const file = async (query: GetStatementFileQuery | GetInterestCertificateQuery) =>
      ((await queries.execute(query)) as StatementFile).body;
    const year = middle.slice(0, 4);
    const load = loadavg()[0];
    const result = {
      account_events: DAYS + 1,
      months: months.months.length,
      time_zone: config.appTimezone,
      months_list: await time(async () =>
        JSON.stringify(await queries.execute(new ListStatementMonthsQuery(userId, now))),
      ),
      month_csv: await time(() => file(new GetStatementFileQuery(userId, middle, 'csv', now))),
      month_pdf: await time(() => file(new GetStatementFileQuery(userId, middle, 'pdf', now))),
      current_month_pdf: await time(() => file(new GetStatementFileQuery(userId, current, 'pdf', now))),
      interest_certificate_pdf: await time(() => file(new GetInterestCertificateQuery(userId, year, now))),
      target_ms: 1000,
      runs: RUNS,
      seed_seconds: round(seedSeconds),
      load_average_at_start: round(load),
      measured_at: new Date().toISOString(),
    };
    const worst = Math.max(
      result.months_list.max_ms,
      result.month_csv.max_ms,
      result.month_pdf.max_ms,
      result.current_month_pdf.max_ms,
      result.interest_certificate_pdf.max_ms,
    );
    const out = join(repoRoot, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, 'statements.json'),
      `${JSON.stringify({ ...result, worst_ms: worst, within_target: worst < 1000 }, null, 2)}\n`,
    );
    console.log(JSON.stringify(result, null, 2));
    console.log(`Slowest statement call: ${worst} ms (target under 1000 ms).`);
  } finally {
    await app.close();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

function withDatabase(url: string | undefined, name: string): string {
  const parsed = new URL(url ?? 'postgresql://postgres@127.0.0.1:5432/savings');
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

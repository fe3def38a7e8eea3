import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AppConfig } from '@savings/config';
import { ConfirmDepositCommand, SQL, todayIn } from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { createJobsCommand } from './jobs.command';
import { openJobsContext } from './jobs-context';

describe('npm run jobs', () => {
  let config: AppConfig;
  let app: INestApplicationContext;
  let sql: Sql;
  let lines: string[];
  const command = createJobsCommand({ log: (line) => lines.push(line), open: openJobsContext });

  beforeAll(async () => {
    await resetDatabase();
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testRedisPrefix(),
      PAYOUT_DIR: mkdtempSync(join(tmpdir(), 'cli-payouts-')),
    });
    app = await openJobsContext(config);
    sql = app.get<Sql>(SQL);
    for (let i = 0; i < 3; i += 1) {
      const [row] = await sql.query<{ id: string }>(
        `insert into users (name, email, password_hash, reference_code) values ($1, $2, 'x', $3) returning id`,
        [`Cli ${i}`, `cli-${i}@example.test`, `CLI${i}`],
      );
      await app.get(CommandBus).execute(
        new ConfirmDepositCommand(Number(row.id), '3650.00', null, {
          actor: { kind: 'system', id: 'cli-test-setup' }, // set-up: no admin move (staff controls)
          correlationId: 'cli',
        }),
      );
    }
  }, 60_000);

  beforeEach(() => {
    lines = [];
  });

  afterAll(() => app.close());

  it('refuses a date after today unless --allow-future, and anything that is not a date', async () => {
    await expect(command.run(['daily-interest', '--date', '2099-01-01'], config)).rejects.toThrow(
      /after today .* --allow-future/,
    );
    await expect(command.run(['daily-interest', '--date', '2027-02-30'], config)).rejects.toThrow(/calendar date/);
    await expect(command.run(['hourly-interest'], config)).rejects.toThrow(/Usage/);
    const [runs] = await sql.query<{ n: number }>('select count(*)::int as n from interest_runs');
    expect(runs.n).toBe(0);
  });

  it('runs a future date with --allow-future, a line per batch, and again without crediting twice', async () => {
    expect(await command.run(['daily-interest', '--date', '2027-04-01', '--allow-future'], config)).toBe(0);
    expect(
      lines.some((line) => /^ {2}\[#+\.*\] 1\/1 users \[0, 5000\): 3 accrued, 0 already, \+2\.10$/.test(line)),
    ).toBe(true);
    expect(lines).toContain('Interest 2027-04-01 completed: 3 accounts credited, 2.10 USD in total (1 batches)');

    lines = [];
    expect(await command.run(['daily-interest', '--date', '2027-04-01', '--allow-future'], config)).toBe(0);
    expect(lines[0]).toBe('Interest 2027-04-01: 1 batches (already completed: checking again)');
    expect(lines.some((line) => line.includes('0 accrued, 3 already'))).toBe(true);
    const [rows] = await sql.query<{ n: number }>('select count(*)::int as n from interest_payments');
    expect(rows.n).toBe(3);
  });

  it('pays out approved withdrawals as of a date (none here) and defaults to today', async () => {
    expect(await command.run(['monthly-withdrawals', '--date', '2027-05-01', '--allow-future'], config)).toBe(0);
    expect(lines).toEqual(['Payout 2027-05-01: no approved withdrawals to pay out.']);
    lines = [];
    expect(await command.run(['monthly-withdrawals'], config)).toBe(0);
    expect(lines).toEqual([`Payout ${todayIn(config.appTimezone)}: no approved withdrawals to pay out.`]);
  });
});

import { Client } from 'pg';
import { loadConfig, type AppConfig } from '@savings/config';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { CommandBus } from '@nestjs/cqrs';
import { AdjustBalanceCommand, ConfirmDepositCommand } from '@savings/application';
import { withApplication } from '../with-application';
import { createLedgerCommand } from './ledger.command';

jest.setTimeout(120_000);

describe('npm run ledger', () => {
  let config: AppConfig;
  let lines: string[];
  const command = createLedgerCommand({ log: (line) => lines.push(line) });

  async function sqlAsSuperuser(statement: string, params: unknown[] = [], bypassGuards = false) {
    const client = new Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      if (bypassGuards) await client.query('set session_replication_role = replica');
      return (await client.query(statement, params)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await resetDatabase();
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testRedisPrefix(),
    });
  });

  beforeEach(() => {
    lines = [];
  });

  it('verifies, answers balances at points in time, replays, and fails with the seq after tampering', async () => {
    expect(await command.run(['verify'], config)).toBe(0);
    expect(lines.at(-1)).toBe('Ledger verified.');

    const [user] = await sqlAsSuperuser(
      `insert into users (name, email, password_hash, reference_code)
       values ('Cli Ledger', 'cli-ledger@example.test', 'x', 'CLIL') returning id::text as id`,
    );
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await withApplication(config, async (app) => {
      const bus = app.get(CommandBus);
      // an admin who holds none of the accounts (staff controls refuse a move on one's own)
      const context = { actor: { kind: 'admin' as const, id: 2_000_000_000 }, correlationId: 'cli-ledger' };
      await bus.execute(new ConfirmDepositCommand(Number(user.id), '1500.00', null, context));
      await bus.execute(new AdjustBalanceCommand(Number(user.id), '0.25', 'subtract', 'fee', context));
    });

    lines = [];
    expect(await command.run(['balance', '--user', user.id], config)).toBe(0);
    expect(await command.run(['balance', '--user', user.id, '--as-of', before.toISOString()], config)).toBe(0);
    expect(lines).toEqual([
      `User ${user.id} balance now: 1499.75 USD`,
      `User ${user.id} balance as of ${before.toISOString()}: 0.00 USD`,
    ]);

    lines = [];
    expect(await command.run(['replay'], config)).toBe(0);
    expect(lines[0]).toMatch(/^Rebuilt the read models of 1 accounts from 2 events/);
    lines = [];
    expect(await command.run(['verify'], config)).toBe(0);
    expect(lines.filter((line) => line.startsWith('ok'))).toHaveLength(9);

    const [event] = await sqlAsSuperuser(`select max(seq)::text as seq from ledger_events`);
    await sqlAsSuperuser(
      `update ledger_events set payload = jsonb_set(payload, '{note}', '"free"') where seq = $1`,
      [event.seq],
      true,
    );
    lines = [];
    expect(await command.run(['verify'], config)).toBe(1);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^FAIL hash chain per stream: .*first bad seq ${event.seq}`)),
    );
    expect(lines.at(-1)).toBe('Ledger verification FAILED.');

    await expect(command.run(['balance'], config)).rejects.toThrow(/--user ID is required/);
    lines = [];
    expect(await command.run(['balance', '--user', '987654321'], config)).toBe(1);
    expect(lines).toEqual(['User 987654321 not found']);
    await expect(command.run(['nonsense'], config)).rejects.toThrow(/Usage/);
  });

  it('prints the head of the log now and as of an instant: the last event recorded at or before it', async () => {
    await resetDatabase();
    lines = [];
    expect(await command.run(['head'], config)).toBe(0);
    expect(lines).toEqual(['Ledger head now: no event yet.']);

    const [user] = await sqlAsSuperuser(
      `insert into users (name, email, password_hash, reference_code)
       values ('Cli Head', 'cli-head@example.test', 'x', 'CLIH') returning id::text as id`,
    );
    const context = { actor: { kind: 'admin' as const, id: 2_000_000_000 }, correlationId: 'cli-head' };
    await withApplication(config, (app) =>
      app.get(CommandBus).execute(new ConfirmDepositCommand(Number(user.id), '10.00', null, context)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await withApplication(config, (app) =>
      app.get(CommandBus).execute(new AdjustBalanceCommand(Number(user.id), '1.00', 'add', null, context)),
    );
    const events = await sqlAsSuperuser(`select seq::text as seq, hash from ledger_events order by seq`);
    expect(events).toHaveLength(2);

    lines = [];
    expect(await command.run(['head'], config)).toBe(0);
    expect(await command.run(['head', '--as-of', between.toISOString()], config)).toBe(0);
    expect(await command.run(['head', '--as-of', '2001-01-01T00:00:00Z'], config)).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^Ledger head now: seq ${events[1].seq}, hash ${events[1].hash} \\(account-`));
    expect(lines[1]).toMatch(
      new RegExp(`^Ledger head as of ${between.toISOString()}: seq ${events[0].seq}, hash ${events[0].hash} `),
    );
    expect(lines[2]).toBe('Ledger head as of 2001-01-01T00:00:00.000Z: no event yet.');
    await expect(command.run(['head', '--as-of', 'yesterday'], config)).rejects.toThrow(/--as-of must be/);
  });
});

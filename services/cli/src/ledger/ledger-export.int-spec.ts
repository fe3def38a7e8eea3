import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { loadConfig, type AppConfig } from '@savings/config';
import { AccrueInterestBatchCommand, AdjustBalanceCommand, ConfirmDepositCommand, SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase, testDatabaseUrl, testRedisPrefix, testRedisUrl } from '@savings/testing';
import { withApplication } from '../with-application';
import { createLedgerCommand } from './ledger.command';

jest.setTimeout(120_000);

/**
 * `ledger export --file` then `ledger verify --file`: the exported log verifies with no database at
 * all, and any one-byte change to the file fails it, as does a change that also fixes the file's own
 * sha256 (the ledger's hashes still disagree).
 */
describe('npm run ledger -- export / verify --file', () => {
  let config: AppConfig;
  let lines: string[];
  let file: string;
  let original: Buffer;
  const command = createLedgerCommand({ log: (line) => lines.push(line) });
  const dir = mkdtempSync(join(tmpdir(), 'ledger-export-'));

  beforeAll(async () => {
    await resetDatabase();
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testRedisPrefix(),
    });
    await withApplication(config, async (app) => {
      const sql = app.get<Sql>(SQL);
      const ids: number[] = [];
      for (const name of ['Export One', 'Экспорт Два', 'Export Three']) {
        const [row] = await sql.query<{ id: string }>(
          `insert into users (name, email, password_hash, reference_code) values ($1, $2, 'x', $3) returning id::text as id`,
          [name, `${ids.length}.export@example.test`, `EXP${ids.length}`],
        );
        ids.push(Number(row.id));
      }
      const bus = app.get(CommandBus);
      // an admin who holds none of the accounts (staff controls refuse a move on one's own)
      const context = { actor: { kind: 'admin' as const, id: 2_000_000_000 }, correlationId: 'export-test' };
      for (const [i, id] of ids.entries()) {
        await bus.execute(new ConfirmDepositCommand(id, `${1000 + i * 250}.00`, 'opening', context));
      }
      await bus.execute(new AdjustBalanceCommand(ids[1], '12.34', 'subtract', 'Комиссия', context));
      for (const date of ['2027-01-01', '2027-01-02', '2027-01-03']) {
        await bus.execute(new AccrueInterestBatchCommand(date, ids[0], ids[2] + 1, context));
      }
    });
    file = join(dir, 'log.jsonl');
    lines = [];
    expect(await command.run(['export', '--file', file], config)).toBe(0);
    expect(lines[0]).toMatch(/^Exported 13 events in \d+ blocks \(up to seq \d+\) to /);
    original = readFileSync(file);
  });

  beforeEach(() => {
    lines = [];
  });

  it('writes a header, every event with its postings and block, the blocks and an end line', () => {
    const records = original
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records[0]).toMatchObject({ kind: 'header', format: 'savings-ledger-log', formatVersion: 1, events: 13 });
    const events = records.filter((r) => r.kind === 'event');
    expect(events).toHaveLength(13);
    expect(events[0]).toMatchObject({ version: 1, type: 'DepositConfirmed', block: 1 });
    expect(events[0].postings).toEqual([
      { line: 1, account: 'platform:cash', amountCents: '100000' },
      { line: 2, account: expect.stringMatching(/^customer:\d+$/), amountCents: '-100000' },
    ]);
    const end = records.at(-1) as Record<string, unknown>;
    expect(end.kind).toBe('end');
    const before = original.subarray(0, original.length - JSON.stringify(end).length - 1);
    expect(end.sha256).toBe(createHash('sha256').update(before).digest('hex'));
  });

  it('verifies the file with no database (a configuration pointing nowhere)', async () => {
    const nowhere = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(await command.run(['verify', '--file', file], nowhere)).toBe(0);
    expect(lines.filter((line) => line.startsWith('ok'))).toHaveLength(4);
    expect(lines.at(-1)).toBe(`Log file ${file} verified.`);
  });

  it('fails on a one-byte change anywhere in the file', async () => {
    // every line kind, then spread over the file
    const positions = new Set<number>([0, 5, original.indexOf('"hash"') + 10, original.lastIndexOf('"sha256"') + 12]);
    for (let i = 0; i < 40; i += 1) positions.add(Math.floor((original.length * (i + 0.5)) / 40));
    for (const position of positions) {
      const changed = Buffer.from(original);
      changed[position] = changed[position] === 0x31 ? 0x32 : 0x31;
      const path = join(dir, `changed-${position}.jsonl`);
      writeFileSync(path, changed);
      lines = [];
      const code = await command.run(['verify', '--file', path], config);
      if (code !== 1) throw new Error(`a change at byte ${position} was not found: ${lines.join(' | ')}`);
    }
  });

  it('fails when content is changed and the file hash recomputed: the event hashes disagree', async () => {
    const text = original.toString('utf8');
    const forged = text.replace('"amountCents":"1234"', '"amountCents":"1235"').replace(/\{"kind":"end".*\n$/, '');
    expect(forged).not.toBe(text.replace(/\{"kind":"end".*\n$/, ''));
    const end = JSON.parse(text.trimEnd().split('\n').at(-1) as string) as Record<string, unknown>;
    const sha256 = createHash('sha256').update(forged).digest('hex');
    const path = join(dir, 'forged.jsonl');
    writeFileSync(path, `${forged}${JSON.stringify({ ...end, sha256 })}\n`);
    expect(await command.run(['verify', '--file', path], config)).toBe(1);
    expect(lines.find((line) => line.startsWith('FAIL hash chain per stream'))).toMatch(
      /content does not match its hash/,
    );
    expect(lines.find((line) => line.startsWith('ok   file is whole'))).toBeDefined();
  });

  it('fails on a file cut short, and says so', async () => {
    const path = join(dir, 'cut.jsonl');
    const text = original.toString('utf8').split('\n');
    writeFileSync(path, `${text.slice(0, 5).join('\n')}\n`);
    expect(await command.run(['verify', '--file', path], config)).toBe(1);
    expect(lines.join('\n')).toMatch(/end line is missing/);
    expect(await command.run(['verify', '--file', join(dir, 'missing.jsonl')], config)).toBe(1);
  });
});

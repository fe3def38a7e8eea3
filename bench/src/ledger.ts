import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Pool, type PoolClient } from 'pg';
import {
  AdjustBalanceCommand,
  MoneyModule,
  PlatformModule,
  ReplayLedgerCommand,
  type ReplayLedgerResult,
} from '@savings/application';
import { loadConfig, type AppConfig } from '@savings/config';
import { dropDatabase, migrateDatabase, queryableOf } from '@savings/database';
import { evolve, initialAccountState, type AccountEvent, type AccountState } from '@savings/domain';
import { appendToStreams, streamIdOf, type EventMetadata } from '@savings/ledger';

/**
 * `npm run bench -- ledger [--seconds S] [--events N] [--replay-only]` on its own database
 * (savings_bench_ledger):
 *  1. baseline: the ledger's append (appendToStreams: account head + events, then postings +
 *     projection) called by a plain `pg` loop that keeps each account's state itself: no load, no
 *     idempotency, no framework; 1/4/16 writers on distinct accounts;
 *  2. the same money command (AdjustBalance add) through the CommandBus and the real handlers,
 *     1/4/16 writers on distinct accounts;
 *     each a median of 3 timed runs, interleaved so load on the machine hits both alike;
 *  3. replay of N (default 1,000,000) events into empty read models: events/s, peak RSS, and the CPU
 *     seconds of the replaying process (steadier than wall time on a shared machine). The replay runs
 *     in a fresh child process, as `npm run ledger -- replay` does (a process of its own: the same
 *     module set with the command line's pool size, the same ReplayLedgerCommand through the
 *     CommandBus, so the same rebuildReadModels); measured in this process it would carry the heap
 *     and JIT state of the append rounds, which the command never has (~10% slower, not the command's
 *     speed).
 * Writes bench/results/ledger.json; `--replay-only` skips 1 and 2 and writes nothing (for iterating
 * on replay), so the file always holds one complete run.
 */
const repoRoot = resolve(__dirname, '../..');
const WRITERS = [1, 4, 16] as const;
const ROUNDS = 3;

interface LedgerResults {
  baseline_tps: Record<string, number>;
  handler_tps: Record<string, number>;
  replay_events_per_s: number;
  replay_peak_rss_mb: number;
}

function flag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

function benchDatabaseUrl(): string {
  if (process.env.BENCH_LEDGER_DATABASE_URL) return process.env.BENCH_LEDGER_DATABASE_URL;
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings');
  url.pathname = '/savings_bench_ledger';
  return url.toString();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (n: number) => Math.round(n * 10) / 10;

@Module({})
class LedgerBenchModule {
  static forRoot(config: AppConfig, poolMax = 20): DynamicModule {
    return {
      module: LedgerBenchModule,
      imports: [PlatformModule.forRoot({ config, poolMax }), CqrsModule.forRoot(), MoneyModule],
    };
  }
}

/** The flag that makes `ledger` the replay child of section 3 (not for command-line use). */
const REPLAY_CHILD = '--replay-child';
/** services/cli's application context opens a pool of 4 (with-application.ts). */
const CLI_POOL_MAX = 4;

interface ReplayFigures {
  events: number;
  accounts: number;
  seconds: number;
  cpuSeconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/**
 * The child of section 3: what `npm run ledger -- replay` runs (ReplayLedgerCommand through the
 * CommandBus), timed from the command to its result, its figures sent to the parent.
 */
async function replayChild(databaseUrl: string): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await NestFactory.createApplicationContext(LedgerBenchModule.forRoot(config, CLI_POOL_MAX), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const bus = app.get(CommandBus);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const result: ReplayLedgerResult = await bus.execute(new ReplayLedgerCommand());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const figures: ReplayFigures = {
      events: result.events,
      accounts: result.accounts,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssBeforeMb: rssBefore / 1048576,
      peakRssMb: peak / 1048576,
    };
    await new Promise<void>((resolveSent, rejectSent) => {
      if (!process.send) throw new Error(`${REPLAY_CHILD} must be forked by the ledger bench`);
      process.send(figures, (error: Error | null) => (error ? rejectSent(error) : resolveSent()));
    });
  } finally {
    await app.close();
  }
}

/** Forks bench/dist/main.js as the replay child and resolves its figures. */
function replayInChildProcess(databaseUrl: string): Promise<ReplayFigures> {
  return new Promise((resolveFigures, rejectFigures) => {
    const child = fork(join(repoRoot, 'bench/dist/main.js'), ['ledger', REPLAY_CHILD], {
      env: { ...process.env, BENCH_LEDGER_DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    let figures: ReplayFigures | undefined;
    child.on('message', (message) => {
      figures = message as ReplayFigures;
    });
    child.on('error', rejectFigures);
    child.on('exit', (code) => {
      if (code === 0 && figures) resolveFigures(figures);
      else rejectFigures(new Error(`the replay child exited with ${code}${figures ? '' : ' and no figures'}`));
    });
  });
}

async function createUsers(pool: Pool, count: number, tag: string): Promise<number[]> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (name, email, password_hash, reference_code)
     select 'Bench ' || $1 || ' ' || i, 'bench-' || $1 || '-' || i || '@example.test', 'x', 'B' || $1 || i
       from generate_series(1, $2) as i
     returning id::text as id`,
    [tag, count],
  );
  const ids = rows.map((row) => Number(row.id));
  await pool.query('insert into accounts (user_id) select unnest($1::int8[])', [ids]);
  return ids;
}

/** One writer of the baseline: its own account, state kept locally, the append's SQL and nothing else. */
class BaselineWriter {
  private state: AccountState = initialAccountState;
  private lastHash: string | null = null;
  private readonly metadata: EventMetadata = {
    actor: { kind: 'admin', id: 1 },
    correlationId: 'bench-baseline',
    causationId: null,
    idempotencyKey: null,
  };

  constructor(
    private readonly client: PoolClient,
    private readonly userId: number,
  ) {}

  /** Starts from the account's current row (each run continues where the previous left it). */
  async sync(pool: Pool): Promise<void> {
    const { rows } = await pool.query<{ version: number; balance_cents: string; last_hash: string | null }>(
      'select version, balance_cents::text as balance_cents, last_hash from accounts where user_id = $1',
      [this.userId],
    );
    this.state = { ...initialAccountState, version: rows[0].version, balanceCents: BigInt(rows[0].balance_cents) };
    this.lastHash = rows[0].last_hash;
  }

  async appendOnce(): Promise<void> {
    const event: AccountEvent = {
      type: 'BalanceAdjusted',
      data: {
        operation: 'add',
        amountCents: '100',
        adminId: 1,
        note: null,
        balanceBeforeCents: String(this.state.balanceCents),
        balanceAfterCents: String(this.state.balanceCents + 100n),
      },
    };
    const after = evolve(this.state, event);
    const streamId = streamIdOf(this.userId);
    const write = {
      streamId,
      expectedVersion: this.state.version,
      prevHash: this.lastHash,
      after,
      events: [event],
      metadata: this.metadata,
      occurredAt: new Date(),
    };
    await this.client.query('begin');
    const { appended } = await appendToStreams(queryableOf(this.client), [write]);
    const events = appended.get(streamId);
    if (!events) throw new Error('baseline writer lost its own account');
    await this.client.query('commit');
    this.state = after;
    this.lastHash = events[0].hash;
  }
}

async function timed(writers: number, seconds: number, loop: (writer: number, stop: () => boolean) => Promise<number>) {
  const deadline = Date.now() + seconds * 1000;
  const stop = () => Date.now() >= deadline;
  const started = process.hrtime.bigint();
  const counts = await Promise.all(Array.from({ length: writers }, (_, writer) => loop(writer, stop)));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return counts.reduce((a, b) => a + b, 0) / elapsed;
}

async function baselineRun(pool: Pool, accounts: number[], writers: number, seconds: number): Promise<number> {
  const clients = await Promise.all(Array.from({ length: writers }, () => pool.connect()));
  try {
    const loopers = clients.map((client, i) => new BaselineWriter(client, accounts[i]));
    for (const looper of loopers) await looper.sync(pool);
    return await timed(writers, seconds, async (writer, stop) => {
      let n = 0;
      while (!stop()) {
        await loopers[writer].appendOnce();
        n += 1;
      }
      return n;
    });
  } finally {
    for (const client of clients) client.release();
  }
}

async function handlerRun(bus: CommandBus, accounts: number[], writers: number, seconds: number): Promise<number> {
  const context = { actor: { kind: 'admin' as const, id: 1 }, correlationId: 'bench-handler' };
  return timed(writers, seconds, async (writer, stop) => {
    let n = 0;
    while (!stop()) {
      await bus.execute(new AdjustBalanceCommand(accounts[writer], '1.00', 'add', null, context));
      n += 1;
    }
    return n;
  });
}

/**
 * N events in set-based SQL: `accounts` streams of DepositConfirmed then alternating BalanceAdjusted
 * and InterestAccrued (one accrual date per version), interleaved in seq order as a live ledger would be.
 * Postings are not seeded: replay reads only the events.
 */
async function seedEvents(pool: Pool, events: number): Promise<{ accounts: number; seconds: number }> {
  const started = Date.now();
  const perStream = 100;
  const accounts = Math.ceil(events / perStream);
  const { rows } = await pool.query<{ first: string }>(
    `with inserted as (
       insert into users (name, email, password_hash, reference_code)
       select 'Replay ' || i, 'replay-' || i || '@example.test', 'x', 'RP' || i from generate_series(1, $1) as i
       returning id)
     select min(id)::text as first from inserted`,
    [accounts],
  );
  const firstUser = Number(rows[0].first);
  const chunk = 10; // versions per statement: 10 x accounts rows
  for (let fromVersion = 1; fromVersion <= perStream; fromVersion += chunk) {
    await pool.query(
      `insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
       select 'account-' || u, v,
              case when v = 1 then 'DepositConfirmed' when v % 2 = 0 then 'BalanceAdjusted' else 'InterestAccrued' end,
              1,
              case
                when v = 1 then jsonb_build_object('depositRequestId', null, 'amountCents', '100000', 'note', null,
                  'adminId', 1, 'referenceCode', 'RP' || u, 'balanceBeforeCents', '0', 'balanceAfterCents', '100000')
                when v % 2 = 0 then jsonb_build_object('operation', 'add', 'amountCents', '100', 'adminId', 1,
                  'note', 'bench', 'balanceBeforeCents', (100000 + (v / 2 - 1) * 100 + (v / 2 - 1) * 19)::text,
                  'balanceAfterCents', (100000 + (v / 2) * 100 + (v / 2 - 1) * 19)::text)
                else jsonb_build_object('accrualDate', to_char(date '2030-01-01' + v, 'YYYY-MM-DD'),
                  'balanceCents', '100000', 'rateNumerator', 7, 'rateDenominator', 36500,
                  'exactOwedCents', '700000/36500', 'creditedCents', '19', 'carryBefore', 0, 'carryAfter', 6500,
                  'balanceAfterCents', '100019')
              end,
              jsonb_build_object('actor', jsonb_build_object('kind', 'job', 'id', 'bench'), 'correlationId', 'seed',
                'causationId', null, 'idempotencyKey', null),
              timestamptz '2030-01-01 10:00:00+00' + v * interval '1 day',
              md5('e' || u || ':' || v), md5('e' || u || ':' || (v - 1))
         from generate_series($1::int, $2::int) as v, generate_series($3::int8, $4::int8) as u
        order by v, u`,
      [fromVersion, Math.min(perStream, fromVersion + chunk - 1), firstUser, firstUser + accounts - 1],
    );
  }
  return { accounts, seconds: (Date.now() - started) / 1000 };
}

export async function ledgerBench(args: string[]): Promise<LedgerResults> {
  const seconds = flag(args, 'seconds', 5);
  const replayEvents = flag(args, 'events', 1_000_000);
  const replayOnly = args.includes('--replay-only');
  const databaseUrl = benchDatabaseUrl();
  if (args.includes(REPLAY_CHILD)) {
    await replayChild(databaseUrl);
    return { baseline_tps: {}, handler_tps: {}, replay_events_per_s: 0, replay_peak_rss_mb: 0 };
  }
  console.log(`[bench ledger] database ${new URL(databaseUrl).pathname.slice(1)} (dropped and recreated)`);
  await dropDatabase(databaseUrl);
  await migrateDatabase(databaseUrl);
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const pool = new Pool({ connectionString: databaseUrl, max: 20, application_name: 'bench-baseline' });
  const app: INestApplicationContext = await NestFactory.createApplicationContext(LedgerBenchModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  const baseline_tps: Record<string, number> = {};
  const handler_tps: Record<string, number> = {};
  let replay_events_per_s = 0;
  let replay_peak_rss_mb = 0;
  try {
    if (!replayOnly) {
      const bus = app.get(CommandBus);
      const baselineAccounts = await createUsers(pool, 16, 'baseline');
      const handlerAccounts = await createUsers(pool, 16, 'handler');
      // warm-up: JIT, pools, plans
      await baselineRun(pool, baselineAccounts, 4, 1);
      await handlerRun(bus, handlerAccounts, 4, 1);
      for (const writers of WRITERS) {
        const base: number[] = [];
        const handler: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          base.push(await baselineRun(pool, baselineAccounts, writers, seconds));
          handler.push(await handlerRun(bus, handlerAccounts, writers, seconds));
        }
        baseline_tps[String(writers)] = round1(median(base));
        handler_tps[String(writers)] = round1(median(handler));
        console.log(
          `[bench ledger] ${writers} writer(s): baseline ${base.map(round1).join(' / ')} appends/s, ` +
            `handler ${handler.map(round1).join(' / ')} commands/s (medians ${baseline_tps[writers]} / ${handler_tps[writers]})`,
        );
      }
    }

    // replay: a fresh log of N events, then a rebuild of every read model from it
    const client = await pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      await client.query(
        'truncate ledger_events, ledger_postings, ledger_blocks, accounts, deposit_requests, withdrawals, deposits, admin_transactions, interest_payments restart identity',
      );
      await client.query('set session_replication_role = origin');
    } finally {
      client.release();
    }
    const seeded = await seedEvents(pool, replayEvents);
    const [{ n }] = (await pool.query<{ n: number }>('select count(*)::int as n from ledger_events')).rows;
    console.log(`[bench ledger] seeded ${n} events in ${seeded.accounts} streams in ${seeded.seconds.toFixed(1)} s`);
    await pool.query('vacuum analyze ledger_events');
    const replayed = await replayInChildProcess(databaseUrl);
    replay_events_per_s = Math.round(replayed.events / replayed.seconds);
    replay_peak_rss_mb = round1(replayed.peakRssMb);
    console.log(
      `[bench ledger] replay (child process, as \`ledger replay\`): ${replayed.events} events, ` +
        `${replayed.accounts} accounts in ${replayed.seconds.toFixed(2)} s = ${replay_events_per_s} events/s; ` +
        `Node CPU ${replayed.cpuSeconds.toFixed(1)} s; RSS ${round1(replayed.rssBeforeMb)} MB before, ` +
        `peak ${replay_peak_rss_mb} MB`,
    );
  } finally {
    await app.close();
    await pool.end();
  }
  const results: LedgerResults = { baseline_tps, handler_tps, replay_events_per_s, replay_peak_rss_mb };
  if (replayOnly) return results;
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ledger.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `[bench ledger] handler/baseline at 16 writers: ${((handler_tps['16'] / baseline_tps['16']) * 100).toFixed(0)}% (target >= 50%)`,
  );
  console.log('[bench ledger] written to bench/results/ledger.json');
  return results;
}

import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool, type PoolClient } from 'pg';
import {
  AdjustBalanceCommand,
  MoneyModule,
  PlatformModule,
  ReplayLedgerCommand,
  SealLedgerBlocksCommand,
  VerifyLedgerQuery,
  type ReplayLedgerResult,
} from '@savings/application';
import type { VerifyReport } from '@savings/contracts';
import { loadConfig, type AppConfig } from '@savings/config';
import { dropDatabase, migrateDatabase, queryableOf } from '@savings/database';
import {
  decide,
  evolve,
  initialAccountState,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
} from '@savings/domain';
import {
  appendToStreams,
  batchEventHasher,
  streamIdOf,
  type EventMetadata,
  type SealResult,
  type StreamWrite,
} from '@savings/ledger';
import { cpuSecondsByPid } from './process-cpu';

/**
 * `npm run bench -- ledger [--seconds S] [--events N] [--replay-only | --verify-only]` on its own database
 * (savings_bench_ledger):
 *  1. baseline: the ledger's append (appendToStreams: account head + events, then postings +
 *     projection) called by a plain `pg` loop that keeps each account's state itself: no load, no
 *     idempotency, no framework, one transaction per append; 1/16/64 writers on distinct accounts;
 *  2. the same money command (AdjustBalance add) through the CommandBus and the real handlers (group
 *     commit included), 1/16/64 writers on distinct accounts, with each command's latency;
 *     each a median of 3 timed runs, interleaved so load on the machine hits both alike;
 *  3. a log of N (default 1,000,000) events appended through the ledger (real hashes and postings),
 *     then, each in a fresh child process as the command line runs them (same modules, the command
 *     line's pool, through the buses), `ledger replay` into empty read models (events/s, peak RSS, CPU
 *     seconds: steadier than wall time on a shared machine) and `ledger verify` (seconds) over the log
 *     sealed in blocks, as the worker's sealer keeps a live one.
 * Writes bench/results/ledger.json; `--replay-only` skips 1, 2 and verify, `--commands-only` skips 3,
 * `--writers 1,16` runs only those writer counts, `--verify-only` runs only the verify child over the
 * log an earlier run left in the database (seeding takes minutes); each of them writes nothing (for
 * iterating), so the file always holds one complete run.
 */
export const repoRoot = resolve(__dirname, '../..');
export const WRITERS = [1, 16, 64] as const;
export const ROUNDS = 3;

interface LedgerResults {
  baseline_tps: Record<string, number>;
  handler_tps: Record<string, number>;
  /** per writer count: median over the rounds of each round's command latency percentile */
  handler_p50_ms: Record<string, number>;
  handler_p99_ms: Record<string, number>;
  replay_events_per_s: number;
  replay_peak_rss_mb: number;
  /** `ledger verify` (every check) over the replayed log, in a process of its own */
  verify_seconds: number;
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

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const round1 = (n: number) => Math.round(n * 10) / 10;

@Module({})
export class LedgerBenchModule {
  static forRoot(config: AppConfig, poolMax = 20): DynamicModule {
    return {
      module: LedgerBenchModule,
      imports: [PlatformModule.forRoot({ config, poolMax }), CqrsModule.forRoot(), MoneyModule],
    };
  }
}

/** The flag that makes `ledger` a child of section 3 (not for command-line use): `--child replay|verify`. */
const CHILD = '--child';
/** services/cli's application context opens a pool of 4 (with-application.ts). */
const CLI_POOL_MAX = 4;

interface ChildFigures {
  /** replay: events replayed; verify: events the hash chain check covered */
  events: number;
  accounts: number;
  ok: boolean;
  seconds: number;
  cpuSeconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/**
 * A child of section 3: what `npm run ledger -- replay` or `-- verify` runs (ReplayLedgerCommand or
 * VerifyLedgerQuery through the buses, the command line's pool), timed from the call to its result,
 * its figures sent to the parent.
 */
async function ledgerChild(databaseUrl: string, what: 'replay' | 'verify'): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await NestFactory.createApplicationContext(LedgerBenchModule.forRoot(config, CLI_POOL_MAX), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    let events = 0;
    let accounts = 0;
    let ok = true;
    if (what === 'replay') {
      const result: ReplayLedgerResult = await app.get(CommandBus).execute(new ReplayLedgerCommand());
      [events, accounts] = [result.events, result.accounts];
    } else {
      const report: VerifyReport = await app.get(QueryBus).execute(new VerifyLedgerQuery());
      ok = report.ok;
      events = report.checks.find((check) => check.name === 'hash chain per stream')?.checked ?? 0;
      if (!ok) console.error(JSON.stringify(report.checks.filter((check) => !check.ok)));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const figures: ChildFigures = {
      events,
      accounts,
      ok,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssBeforeMb: rssBefore / 1048576,
      peakRssMb: peak / 1048576,
    };
    await new Promise<void>((resolveSent, rejectSent) => {
      if (!process.send) throw new Error(`${CHILD} must be forked by the ledger bench`);
      process.send(figures, (error: Error | null) => (error ? rejectSent(error) : resolveSent()));
    });
  } finally {
    await app.close();
  }
}

/** Forks bench/dist/main.js as a child of section 3 and resolves its figures. */
function inChildProcess(databaseUrl: string, what: 'replay' | 'verify'): Promise<ChildFigures> {
  return new Promise((resolveFigures, rejectFigures) => {
    const child = fork(join(repoRoot, 'bench/dist/main.js'), ['ledger', CHILD, what], {
      env: { ...process.env, BENCH_LEDGER_DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    let figures: ChildFigures | undefined;
    child.on('message', (message) => {
      figures = message as ChildFigures;
    });
    child.on('error', rejectFigures);
    child.on('exit', (code) => {
      if (code === 0 && figures) resolveFigures(figures);
      else rejectFigures(new Error(`the ${what} child exited with ${code}${figures ? '' : ' and no figures'}`));
    });
  });
}

/** `ledger verify` in a child process over the log in the database; throws unless it passes. */
async function verifyInChild(databaseUrl: string): Promise<{ seconds: number }> {
  const verified = await inChildProcess(databaseUrl, 'verify');
  if (!verified.ok) throw new Error('ledger verify failed on the bench log (see above)');
  const seconds = Math.round(verified.seconds * 100) / 100;
  console.log(
    `[bench ledger] verify (child process, as \`ledger verify\`): ${verified.events} events in ` +
      `${seconds} s; Node CPU ${verified.cpuSeconds.toFixed(1)} s; peak RSS ${round1(verified.peakRssMb)} MB; ` +
      `load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  return { seconds };
}

export async function createUsers(pool: Pool, count: number, tag: string): Promise<number[]> {
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

/** CPU seconds so far of this database's client backends (/proc, Linux), by pid. */
async function backendCpu(pool: Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return cpuSecondsByPid(rows.map((row) => row.pid));
}

/** Throughput of a timed run, and the CPU it cost per operation in this process and in PostgreSQL. */
interface RunFigures {
  tps: number;
  nodeCpuMs: number;
  postgresCpuMs: number;
}

async function timed(
  pool: Pool,
  writers: number,
  seconds: number,
  loop: (writer: number, stop: () => boolean) => Promise<number>,
): Promise<RunFigures> {
  const deadline = Date.now() + seconds * 1000;
  const stop = () => Date.now() >= deadline;
  const cpuBefore = process.cpuUsage();
  const backendsBefore = await backendCpu(pool);
  const started = process.hrtime.bigint();
  const counts = await Promise.all(Array.from({ length: writers }, (_, writer) => loop(writer, stop)));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const backendsAfter = await backendCpu(pool);
  const cpu = process.cpuUsage(cpuBefore);
  const operations = counts.reduce((a, b) => a + b, 0);
  let postgresSeconds = 0;
  for (const [pid, after] of backendsAfter) postgresSeconds += after - (backendsBefore.get(pid) ?? 0);
  return {
    tps: operations / elapsed,
    nodeCpuMs: (cpu.user + cpu.system) / 1000 / operations,
    postgresCpuMs: (postgresSeconds * 1000) / operations,
  };
}

async function baselineRun(pool: Pool, accounts: number[], writers: number, seconds: number): Promise<RunFigures> {
  const clients = await Promise.all(Array.from({ length: writers }, () => pool.connect()));
  try {
    const loopers = clients.map((client, i) => new BaselineWriter(client, accounts[i]));
    for (const looper of loopers) await looper.sync(pool);
    return await timed(pool, writers, seconds, async (writer, stop) => {
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

export async function handlerRun(
  pool: Pool,
  bus: CommandBus,
  accounts: number[],
  writers: number,
  seconds: number,
): Promise<RunFigures & { p50: number; p99: number }> {
  // an admin who holds none of the accounts (staff controls refuse an admin's move on their own)
  const context = { actor: { kind: 'admin' as const, id: 2_000_000_000 }, correlationId: 'bench-handler' };
  const latencies: number[] = [];
  const figures = await timed(pool, writers, seconds, async (writer, stop) => {
    let n = 0;
    while (!stop()) {
      const started = process.hrtime.bigint();
      await bus.execute(new AdjustBalanceCommand(accounts[writer], '1.00', 'add', null, context));
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      n += 1;
    }
    return n;
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { ...figures, p50: at(0.5), p99: at(0.99) };
}

/**
 * N events through the ledger's one append (real hashes, postings and projections, so verify checks a
 * real log): `accounts` streams of a DepositConfirmed, then alternating BalanceAdjusted and
 * InterestAccrued (one accrual date per version) decided by the account decider; each round appends
 * one event to every stream in one transaction, so the log interleaves streams as a live ledger does.
 */
async function seedEvents(pool: Pool, events: number): Promise<{ accounts: number; seconds: number }> {
  const started = Date.now();
  const perStream = 100;
  const accounts = Math.ceil(events / perStream);
  const { rows } = await pool.query<{ id: string }>(
    `with inserted as (
       insert into users (name, email, password_hash, reference_code)
       select 'Replay ' || i, 'replay-' || i || '@example.test', 'x', 'RP' || i from generate_series(1, $1) as i
       returning id)
     insert into accounts (user_id) select id from inserted returning user_id::text as id`,
    [accounts],
  );
  const streams = rows.map((row) => ({
    userId: Number(row.id),
    state: initialAccountState,
    lastHash: null as string | null,
  }));
  const metadata: EventMetadata = {
    actor: { kind: 'job', id: 'bench' },
    correlationId: 'seed',
    causationId: null,
    idempotencyKey: null,
  };
  const ROUND_STREAMS = 10_000;
  for (let version = 1; version <= perStream; version += 1) {
    const occurredAt = new Date(Date.UTC(2030, 0, 1, 10) + version * 86_400_000);
    const accrualDate = occurredAt.toISOString().slice(0, 10);
    for (let start = 0; start < streams.length; start += ROUND_STREAMS) {
      const chunk = streams.slice(start, start + ROUND_STREAMS);
      const writes: StreamWrite[] = chunk.map((stream) => {
        const command: AccountCommand =
          version === 1
            ? { type: 'ConfirmDeposit', data: { amountCents: 100000n, note: null, adminId: 1, referenceCode: 'RP' } }
            : version % 2 === 0
              ? { type: 'AdjustBalance', data: { operation: 'add', amountCents: 100n, adminId: 1, note: 'bench' } }
              : { type: 'AccrueInterest', data: { accrualDate } };
        const decided = decide(command, stream.state);
        return {
          streamId: streamIdOf(stream.userId),
          expectedVersion: stream.state.version,
          prevHash: stream.lastHash,
          events: decided,
          metadata,
          occurredAt,
          after: decided.reduce(evolve, stream.state),
        };
      });
      const client = await pool.connect();
      try {
        await client.query('begin');
        const outcome = await appendToStreams(queryableOf(client), writes, {
          hasher: batchEventHasher(metadata, occurredAt),
        });
        if (outcome.conflicted.length > 0) throw new Error('the seed lost a race with itself');
        await client.query('commit');
        chunk.forEach((stream, i) => {
          const appended = outcome.byWrite[i] ?? [];
          stream.state = writes[i].after as AccountState;
          if (appended.length > 0) stream.lastHash = appended[appended.length - 1].hash;
        });
      } finally {
        client.release();
      }
    }
  }
  return { accounts, seconds: (Date.now() - started) / 1000 };
}

const emptyResults = (): LedgerResults => ({
  baseline_tps: {},
  handler_tps: {},
  handler_p50_ms: {},
  handler_p99_ms: {},
  replay_events_per_s: 0,
  replay_peak_rss_mb: 0,
  verify_seconds: 0,
});

export async function ledgerBench(args: string[]): Promise<LedgerResults> {
  const seconds = flag(args, 'seconds', 5);
  const replayEvents = flag(args, 'events', 1_000_000);
  const replayOnly = args.includes('--replay-only');
  const commandsOnly = args.includes('--commands-only');
  const writersIndex = args.indexOf('--writers');
  const writerCounts = writersIndex < 0 ? [...WRITERS] : args[writersIndex + 1].split(',').map((n) => Number(n));
  if (writerCounts.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--writers needs counts like 1,16');
  const partial = replayOnly || commandsOnly || writersIndex >= 0;
  const verifyOnly = args.includes('--verify-only');
  const databaseUrl = benchDatabaseUrl();
  const child = args.indexOf(CHILD);
  if (child >= 0) {
    await ledgerChild(databaseUrl, args[child + 1] === 'verify' ? 'verify' : 'replay');
    return emptyResults();
  }
  if (verifyOnly) {
    const verified = await verifyInChild(databaseUrl);
    return { ...emptyResults(), verify_seconds: verified.seconds };
  }
  console.log(`[bench ledger] database ${new URL(databaseUrl).pathname.slice(1)} (dropped and recreated)`);
  await dropDatabase(databaseUrl);
  await migrateDatabase(databaseUrl);
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  // the baseline's writers each hold a connection of their own
  const pool = new Pool({
    connectionString: databaseUrl,
    max: Math.max(...WRITERS) + 4,
    application_name: 'bench-baseline',
  });
  const app: INestApplicationContext = await NestFactory.createApplicationContext(LedgerBenchModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  const baseline_tps: Record<string, number> = {};
  const handler_tps: Record<string, number> = {};
  const handler_p50_ms: Record<string, number> = {};
  const handler_p99_ms: Record<string, number> = {};
  let replay_events_per_s = 0;
  let replay_peak_rss_mb = 0;
  let verify_seconds = 0;
  try {
    if (!replayOnly) {
      const bus = app.get(CommandBus);
      const most = Math.max(...WRITERS);
      const baselineAccounts = await createUsers(pool, most, 'baseline');
      const handlerAccounts = await createUsers(pool, most, 'handler');
      // warm-up: JIT, pools, plans
      await baselineRun(pool, baselineAccounts, 4, 1);
      await handlerRun(pool, bus, handlerAccounts, 4, 1);
      for (const writers of writerCounts) {
        const baseRuns: RunFigures[] = [];
        const handler: (RunFigures & { p50: number; p99: number })[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          baseRuns.push(await baselineRun(pool, baselineAccounts, writers, seconds));
          handler.push(await handlerRun(pool, bus, handlerAccounts, writers, seconds));
        }
        const base = baseRuns.map((run) => run.tps);
        const key = String(writers);
        baseline_tps[key] = round1(median(base));
        handler_tps[key] = round1(median(handler.map((h) => h.tps)));
        handler_p50_ms[key] = round1(median(handler.map((h) => h.p50)));
        handler_p99_ms[key] = round1(median(handler.map((h) => h.p99)));
        console.log(
          `[bench ledger] ${writers} writer(s): baseline ${base.map(round1).join(' / ')} appends/s, ` +
            `handler ${handler.map((h) => round1(h.tps)).join(' / ')} commands/s ` +
            `(medians ${baseline_tps[key]} / ${handler_tps[key]}, x${(handler_tps[key] / baseline_tps[key]).toFixed(2)}; ` +
            `handler p50 ${handler_p50_ms[key]} ms, p99 ${handler_p99_ms[key]} ms)`,
        );
        // CPU per operation is steadier than throughput when other work shares the machine
        const cpu = (runs: RunFigures[]) =>
          `Node ${median(runs.map((run) => run.nodeCpuMs)).toFixed(2)} + PostgreSQL ` +
          `${median(runs.map((run) => run.postgresCpuMs)).toFixed(2)} ms`;
        console.log(
          `[bench ledger] ${writers} writer(s): CPU per operation (medians): baseline ${cpu(baseRuns)}, ` +
            `handler ${cpu(handler)}`,
        );
      }
    }

    if (commandsOnly) return emptyResults();
    // replay: a fresh log of N events, then a rebuild of every read model from it
    const client = await pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      await client.query(
        'truncate ledger_events, ledger_postings, ledger_blocks, ledger_streams, accounts, deposit_requests, withdrawals, deposits, admin_transactions, interest_payments, admin_notifications, idempotency_keys restart identity cascade',
      );
      await client.query('set session_replication_role = origin');
    } finally {
      client.release();
    }
    const seeded = await seedEvents(pool, replayEvents);
    const [{ n }] = (await pool.query<{ n: number }>('select count(*)::int as n from ledger_events')).rows;
    console.log(`[bench ledger] seeded ${n} events in ${seeded.accounts} streams in ${seeded.seconds.toFixed(1)} s`);
    // the worker's block sealer seals a live log as it grows (services/worker/src/ledger/block-sealer.ts):
    // sealed here too, so verify checks sealed blocks as it would in production instead of sealing a
    // million events first (its block check recomputes every digest either way)
    const sealed: SealResult = await app.get(CommandBus).execute(new SealLedgerBlocksCommand());
    console.log(`[bench ledger] sealed ${sealed.blocksSealed} blocks (as the worker's sealer does)`);
    await pool.query('vacuum analyze ledger_events');
    const replayed = await inChildProcess(databaseUrl, 'replay');
    replay_events_per_s = Math.round(replayed.events / replayed.seconds);
    replay_peak_rss_mb = round1(replayed.peakRssMb);
    console.log(
      `[bench ledger] replay (child process, as \`ledger replay\`): ${replayed.events} events, ` +
        `${replayed.accounts} accounts in ${replayed.seconds.toFixed(2)} s = ${replay_events_per_s} events/s; ` +
        `Node CPU ${replayed.cpuSeconds.toFixed(1)} s; RSS ${round1(replayed.rssBeforeMb)} MB before, ` +
        `peak ${replay_peak_rss_mb} MB`,
    );
    if (!replayOnly) verify_seconds = (await verifyInChild(databaseUrl)).seconds;
  } finally {
    await app.close();
    await pool.end();
  }
  const results: LedgerResults = {
    baseline_tps,
    handler_tps,
    handler_p50_ms,
    handler_p99_ms,
    replay_events_per_s,
    replay_peak_rss_mb,
    verify_seconds,
  };
  if (partial) return results;
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ledger.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `[bench ledger] handler/baseline at 16 writers: x${(handler_tps['16'] / baseline_tps['16']).toFixed(2)} ` +
      `(target >= 2.0), p99 ${handler_p99_ms['16']} ms (target <= 50); verify ${verify_seconds} s (target < 10)`,
  );
  console.log('[bench ledger] written to bench/results/ledger.json');
  return results;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { INTEREST_QUEUE, JobNames, bullConnection } from '@savings/application';
import { loadConfig } from '@savings/config';
import { migrateDatabase } from '@savings/database';
import { cpuSecondsByPid, cpuSecondsOf } from './process-cpu';

/**
 * `npm run bench -- interest [--accounts N]`: seeds N accounts (default 1,000,000) with set-based SQL
 * in the bench database, then measures in the same run
 *  - bare SQL: one set-based statement writing one date's interest rows (events with their hash,
 *    postings, interest_payments, account updates) with nothing around it, and
 *  - the job: the next date through the real scheduled path, a worker process (services/worker)
 *    taking the daily-interest tick, the flow of batch jobs and the ledger's batch command.
 * Writes bench/results/interest.json.
 */
const repoRoot = resolve(__dirname, '../..');
const BARE_DATE = '2030-01-01';
const JOB_DATE = '2030-01-02';
const GENESIS_HASH = '0'.repeat(64);

interface InterestBenchResult {
  accounts: number;
  job_seconds: number;
  bare_sql_seconds: number;
  peak_rss_mb: number;
  job_vs_bare: number;
  /**
   * CPU seconds (user + system) of the work itself: the PostgreSQL backend for the bare SQL; the
   * worker process and its PostgreSQL backends for the job. Unlike wall time, this barely moves
   * with the load other processes put on a shared machine.
   */
  job_cpu_seconds: number;
  bare_sql_cpu_seconds: number;
  job_vs_bare_cpu: number;
  /** the Node.js side of the job (hashing, JSON, BullMQ); the rest of job_cpu_seconds is PostgreSQL */
  job_worker_process_cpu_seconds: number;
  load_average_at_bare_start: number;
  load_average_at_job_start: number;
  seed_seconds: number;
  batch_size: number;
  worker_concurrency: number;
  worker_processes: number;
  batches: number;
  bench_process_peak_rss_mb: number;
  /** the worker's resident memory when idle, before the job: peak minus this is what the job used */
  worker_idle_rss_mb: number;
  measured_at: string;
}

export async function interestBench(args: string[]): Promise<InterestBenchResult> {
  const accounts = numberFlag(args, '--accounts', 1_000_000);
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? withDatabase(process.env.DATABASE_URL, 'savings_bench_interest');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-never-used-for-sessions-0123456789',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: process.env.BENCH_QUEUE_PREFIX ?? 'bench-interest',
    APP_TIMEZONE: 'UTC',
    LOG_LEVEL: 'warn',
  });
  const batchSize = Number(process.env.INTEREST_BATCH_SIZE ?? 5000);
  const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 2);
  // worker processes sharing the day (--workers N); JavaScript runs on one core per process
  const workerProcesses = numberFlag(args, '--workers', 1);

  log(`Interest benchmark: ${accounts.toLocaleString('en')} accounts in ${redact(databaseUrl)}`);
  await migrateDatabase(databaseUrl);
  const db = new Client({ connectionString: databaseUrl, application_name: 'bench-interest' });
  await db.connect();
  const queue = new Queue(INTEREST_QUEUE, { prefix: config.queuePrefix, connection: bullConnection(config) });
  const workers: ChildProcess[] = [];
  try {
    const seedSeconds = await timed(() => seed(db, accounts));
    log(`Seeded ${accounts.toLocaleString('en')} users and accounts in ${seedSeconds.toFixed(1)} s`);

    const benchBackend = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const bareCpuBefore = cpuSecondsOf(benchBackend) ?? 0;
    const bareLoad = loadAverage();
    const bareSeconds = await timed(() => bareSql(db, BARE_DATE));
    const bareCpu = (cpuSecondsOf(benchBackend) ?? 0) - bareCpuBefore;
    const bareRows = await paymentsOn(db, BARE_DATE);
    log(`Bare SQL: ${bareRows.toLocaleString('en')} accruals for ${BARE_DATE} in ${bareSeconds.toFixed(2)} s`);
    // statistics as a running system has them (autovacuum); without them the planner misjudges the
    // ledger's "later postings" lookup on freshly bulk-loaded tables (a scan of every posting per batch)
    for (const table of ['accounts', 'ledger_events', 'ledger_postings', 'interest_payments']) {
      await db.query(`vacuum analyze ${table}`);
    }

    await queue.obliterate({ force: true });
    for (let i = 0; i < workerProcesses; i += 1) {
      workers.push((await startWorker(config, databaseUrl, batchSize, concurrency)).child);
    }
    await waitUntil(
      async () => (await queue.getWorkers()).length >= workerProcesses,
      120_000,
      'the workers to connect',
    );
    const pids = workers.map((child) => child.pid as number);
    const samplers = pids.map((pid) => startRssSampler(pid));
    const idleRssMb = Math.max(...samplers.map((sampler) => sampler.current()));
    const jobLoad = loadAverage();
    const backendsBefore = await backendCpu(db, benchBackend);
    const workerCpuBefore = pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
    const t0 = process.hrtime.bigint();
    await queue.add(JobNames.dailyInterest, { until: JOB_DATE });
    await waitUntil(() => runCompleted(db, JOB_DATE), 30 * 60_000, `the job to complete ${JOB_DATE}`, 100);
    const jobSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const backendsAfter = await backendCpu(db, benchBackend);
    const workerCpu = pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0) - workerCpuBefore;
    let jobCpu = workerCpu;
    for (const [pid, cpu] of backendsAfter) jobCpu += cpu - (backendsBefore.get(pid) ?? 0);
    // the largest worker: each process must fit in memory on its own
    const peakRssMb = Math.max(...samplers.map((sampler) => sampler.stop()));
    const jobRows = await paymentsOn(db, JOB_DATE);
    const [run] = (
      await db.query<{ batches: number }>('select batches from interest_runs where accrual_date = $1', [JOB_DATE])
    ).rows;
    log(
      `Job: ${jobRows.toLocaleString('en')} accruals for ${JOB_DATE} in ${jobSeconds.toFixed(2)} s (${run.batches} batches)`,
    );
    if (jobRows !== bareRows) throw new Error(`The job wrote ${jobRows} accruals, the bare SQL ${bareRows}`);

    const result: InterestBenchResult = {
      accounts,
      job_seconds: round(jobSeconds),
      bare_sql_seconds: round(bareSeconds),
      peak_rss_mb: Math.round(peakRssMb),
      job_vs_bare: round(jobSeconds / bareSeconds),
      job_cpu_seconds: round(jobCpu),
      bare_sql_cpu_seconds: round(bareCpu),
      job_vs_bare_cpu: round(jobCpu / bareCpu),
      job_worker_process_cpu_seconds: round(workerCpu),
      load_average_at_bare_start: bareLoad,
      load_average_at_job_start: jobLoad,
      seed_seconds: round(seedSeconds),
      batch_size: batchSize,
      worker_concurrency: concurrency,
      worker_processes: workerProcesses,
      batches: run.batches,
      bench_process_peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      worker_idle_rss_mb: Math.round(idleRssMb),
      measured_at: new Date().toISOString(),
    };
    const dir = join(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'interest.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(
      `job ${result.job_seconds} s vs bare SQL ${result.bare_sql_seconds} s (x${result.job_vs_bare}); CPU ` +
        `${result.job_cpu_seconds} s vs ${result.bare_sql_cpu_seconds} s (x${result.job_vs_bare_cpu}), ` +
        `worker peak RSS ${result.peak_rss_mb} MB -> bench/results/interest.json`,
    );
    return result;
  } finally {
    for (const worker of workers) {
      if (worker.exitCode !== null) continue;
      const exited = new Promise((done) => worker.once('exit', done));
      worker.kill('SIGTERM');
      await exited;
    }
    await queue.close();
    await db.end();
  }
}

/** Every table emptied (the ledger's append-only guards skipped for this session), then N users and accounts. */
async function seed(db: Client, accounts: number): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
      where schemaname = 'public' and tablename <> 'mikro_orm_migrations'`,
  );
  await db.query('set session_replication_role = replica');
  await db.query(`truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`);
  await db.query('set session_replication_role = default');
  await db.query(
    `insert into users (name, email, password_hash, reference_code)
     select 'Bench ' || g, 'bench' || g || '@example.test', 'x', 'BENCH' || g from generate_series(1, $1::int) g`,
    [accounts],
  );
  // balances from 1,000.00 to about 101,000.00
  await db.query(
    `insert into accounts (user_id, balance_cents)
     select id, 100000 + (id * 7919) % 10000000 from users`,
  );
  await db.query('vacuum analyze users');
  await db.query('vacuum analyze accounts');
}

/**
 * The same rows the ledger's batch writes for one date, in one set-based statement with no
 * application around it: InterestAccrued events chained on each stream's last hash, two postings
 * each, interest_payments rows and the account projection.
 */
async function bareSql(db: Client, date: string): Promise<void> {
  const occurredAt = `${date}T10:00:00.000Z`;
  const metadata = JSON.stringify({
    actor: { kind: 'job', id: 'bench' },
    correlationId: `bench-${date}`,
    causationId: null,
    idempotencyKey: null,
  });
  await db.query('begin');
  await db.query(
    `with acc as (
       select user_id, version + 1 as version, balance_cents, interest_carry, coalesce(last_hash, $4) as prev_hash,
              balance_cents * 7 + interest_carry as numerator
         from accounts
        where (balance_cents > 0 or interest_carry > 0)
          and (last_accrual_date is null or last_accrual_date < $1::date)),
     ev as (
       select acc.*, numerator / 36500 as credited, (numerator % 36500)::int as carry_after,
              jsonb_build_object('accrualDate', $1::text, 'balanceCents', balance_cents::text, 'rateNumerator', 7,
                'rateDenominator', 36500, 'exactOwedCents', numerator::text || '/36500',
                'creditedCents', (numerator / 36500)::text, 'carryBefore', interest_carry,
                'carryAfter', (numerator % 36500)::int, 'balanceAfterCents', (balance_cents + numerator / 36500)::text)
                as payload
         from acc),
     hashed as (
       select ev.*, encode(sha256(convert_to(prev_hash || jsonb_build_object('streamId', 'account-' || user_id,
                'version', version, 'type', 'InterestAccrued', 'schemaVersion', 1, 'payload', payload,
                'metadata', $3::jsonb, 'occurredAt', $2::text)::text, 'UTF8')), 'hex') as hash
         from ev),
     upd as (
       update accounts a
          set version = h.version, balance_cents = a.balance_cents + h.credited, interest_carry = h.carry_after,
              last_accrual_date = $1::date, last_hash = h.hash, updated_at = now()
         from hashed h where a.user_id = h.user_id),
     ins as (
       insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
       select 'account-' || user_id, version, 'InterestAccrued', 1, payload, $3::jsonb, $2::timestamptz, hash, prev_hash
         from hashed order by user_id
       returning seq, stream_id, payload),
     post as (
       insert into ledger_postings (event_seq, line, account, amount_cents)
       select seq, l.line,
              case l.line when 1 then 'platform:interest_expense' else 'customer:' || split_part(stream_id, '-', 2) end,
              case l.line when 1 then (payload->>'creditedCents')::bigint else -(payload->>'creditedCents')::bigint end
         from ins cross join (values (1), (2)) as l(line)
        where (payload->>'creditedCents')::bigint > 0)
     insert into interest_payments (id, user_id, accrual_date, balance_cents, interest_rate, interest_cents, payment_date, status)
     select seq, split_part(stream_id, '-', 2)::bigint, $1::date, (payload->>'balanceCents')::bigint, 0.000191780822,
            (payload->>'creditedCents')::bigint, $2::timestamptz, 'paid'
       from ins`,
    [date, occurredAt, metadata, GENESIS_HASH],
  );
  await db.query('commit');
}

async function startWorker(
  config: ReturnType<typeof loadConfig>,
  databaseUrl: string,
  batchSize: number,
  concurrency: number,
): Promise<{ child: ChildProcess }> {
  // the worker's own source, compiled on load (the same code path as the product's worker);
  // BENCH_WORKER_NODE_ARGS passes flags to its node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      join(repoRoot, 'services/worker/src/testing/ts-child.cjs'),
      join(repoRoot, 'services/worker/src/main.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        // a worker refuses jobs for a date whose time has not come (api-contract.md section 10): this
        // one judges the bench's 2030 date as due (JOBS_CLOCK_AT, which only NODE_ENV=test accepts;
        // in the worker NODE_ENV changes nothing else but the default log level, set below)
        NODE_ENV: 'test',
        JOBS_CLOCK_AT: `${JOB_DATE}T12:00:00Z`,
        SESSION_SECRET: 'bench-only-secret-never-used-for-sessions-0123456789',
        DATABASE_URL: databaseUrl,
        REDIS_URL: config.redisUrl,
        QUEUE_PREFIX: config.queuePrefix,
        APP_TIMEZONE: 'UTC',
        LOG_LEVEL: 'warn',
        WORKER_SCHEDULES: 'off',
        WORKER_METRICS_PORT: '0',
        INTEREST_BATCH_SIZE: String(batchSize),
        WORKER_CONCURRENCY: String(concurrency),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return { child };
}

/** Resident memory of the worker, sampled every 100 ms; the kernel's high-water mark at the end. */
function startRssSampler(pid: number): { current(): number; stop(): number } {
  const read = (field: 'VmRSS' | 'VmHWM'): number => {
    try {
      const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let peak = read('VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, read('VmRSS'))), 100);
  return {
    current: () => read('VmRSS'),
    stop() {
      clearInterval(timer);
      return Math.max(peak, read('VmHWM'));
    },
  };
}

/** CPU seconds of every PostgreSQL backend of the bench database but the bench's own connection. */
async function backendCpu(db: Client, own: number): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> $1',
    [own],
  );
  return cpuSecondsByPid(rows.map((row) => row.pid));
}

function loadAverage(): number {
  return round(loadavg()[0]);
}

async function runCompleted(db: Client, date: string): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>('select status from interest_runs where accrual_date = $1', [
    date,
  ]);
  return rows[0]?.status === 'completed';
}

async function paymentsOn(db: Client, date: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from interest_payments where accrual_date = $1',
    [date],
  );
  return rows[0].n;
}

async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function numberFlag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function withDatabase(url: string | undefined, name: string): string {
  const parsed = new URL(url ?? 'postgresql://postgres@127.0.0.1:5432/savings');
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const round = (value: number): number => Math.round(value * 100) / 100;
const log = (line: string): void => console.log(line);

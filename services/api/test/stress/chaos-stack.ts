import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import { loadConfig, type AppConfig } from '@savings/config';
import {
  ConfirmDepositCommand,
  INTEREST_QUEUE,
  JobNames,
  MoneyModule,
  PlatformModule,
  bullConnection,
} from '@savings/application';

/**
 * The compiled stack (services/api/dist, services/worker/dist, services/cli/dist) as child processes on
 * the chaos suite's own database, its own redis-server (port 6390, never the shared 6379, so it can be
 * stopped and started) and its own ports. Only processes started here are ever signalled.
 */

export const repoRoot = resolve(__dirname, '../../../..');
export const CHAOS_REDIS_PORT = Number(process.env.CHAOS_REDIS_PORT ?? 6390);
const ADMIN_PASSWORD = 'chaos-admin-pass';

export interface ChaosOptions {
  database: string;
  apiPorts: number[];
  queuePrefix: string;
  batchSize?: number;
  /** the server the suite's database is made on (default CHAOS_DATABASE_BASE_URL, else 127.0.0.1:5432) */
  databaseBaseUrl?: string;
  /** settings given to every process of the stack (the HA suite's REDIS_SENTINELS) */
  env?: Record<string, string>;
}

export interface HttpResult {
  status: number;
  body: unknown;
  /** the Retry-After header (a 503 carries one) */
  retryAfter: string | null;
}

function withDatabase(name: string, base?: string): string {
  const url = new URL(base ?? process.env.CHAOS_DATABASE_BASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  return url.toString();
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}

export function redisPing(): boolean {
  const result = spawnSync('redis-cli', ['-p', String(CHAOS_REDIS_PORT), 'ping'], { encoding: 'utf8' });
  return result.stdout.trim() === 'PONG';
}

/** The process id of the redis-server answering on the suite's port, or null. */
export function redisProcessId(): string | null {
  const result = spawnSync('redis-cli', ['-p', String(CHAOS_REDIS_PORT), 'info', 'server'], { encoding: 'utf8' });
  return /^process_id:(\d+)/m.exec(result.stdout ?? '')?.[1] ?? null;
}

/**
 * Where the suite notes the redis-server it started (its process id), so the global teardown shuts
 * down that one only: a server it found running is somebody else's and is left alone.
 */
export const CHAOS_REDIS_MARKER = join(tmpdir(), `savings-chaos-redis-${CHAOS_REDIS_PORT}.pid`);

/** Starts the suite's own redis-server (no persistence: a restart loses every key, like a lost node). */
export async function startRedis(): Promise<void> {
  if (redisPing()) return;
  spawnSync('redis-server', [
    '--port',
    String(CHAOS_REDIS_PORT),
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
  ]);
  await waitFor(async () => redisPing(), `redis-server on port ${CHAOS_REDIS_PORT}`, 10_000);
  const pid = redisProcessId();
  if (pid) writeFileSync(CHAOS_REDIS_MARKER, pid);
}

/** Stops the suite's own redis-server (by its port: the shared 6379 is never touched). */
export async function stopRedis(): Promise<void> {
  spawnSync('redis-cli', ['-p', String(CHAOS_REDIS_PORT), 'shutdown', 'nosave']);
  await waitFor(async () => !redisPing(), `redis-server on port ${CHAOS_REDIS_PORT} to stop`, 10_000);
}

export class ChaosStack {
  readonly databaseUrl: string;
  readonly redisUrl = `redis://127.0.0.1:${CHAOS_REDIS_PORT}`;
  readonly payoutDir = mkdtempSync(join(tmpdir(), 'chaos-payouts-'));
  readonly apis = new Map<number, ChildProcess>();
  readonly workers: ChildProcess[] = [];
  private readonly logs = new Map<ChildProcess, string>();

  constructor(readonly options: ChaosOptions) {
    if (!/^savings_chaos[a-z0-9_]*$/.test(options.database)) throw new Error('chaos databases are savings_chaos*');
    this.databaseUrl = withDatabase(options.database, options.databaseBaseUrl);
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      QUEUE_PREFIX: this.options.queuePrefix,
      PUBLIC_ORIGIN: this.options.apiPorts.map((port) => `http://127.0.0.1:${port}`).join(','),
      PAYOUT_DIR: this.payoutDir,
      // the suites accrue tomorrow and the day after through the queue: jobs judge their dates a week ahead
      JOBS_CLOCK_AT: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      // sign-ins give each client its own address with X-Forwarded-For, as a proxy on this host would
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      WORKER_SCHEDULES: 'off',
      WORKER_METRICS_PORT: '0',
      // a killed worker's jobs are taken over after 5 s instead of 30 s
      WORKER_LOCK_MS: '5000',
      INTEREST_BATCH_SIZE: String(this.options.batchSize ?? 50),
      ...this.options.env,
      ...extra,
    };
  }

  config(): AppConfig {
    return loadConfig(this.env() as Record<string, string>);
  }

  async freshDatabase(): Promise<void> {
    const admin = new Client({ connectionString: withDatabase('postgres', this.options.databaseBaseUrl) });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${this.options.database}" with (force)`);
      await admin.query(`create database "${this.options.database}"`);
    } finally {
      await admin.end();
    }
    this.cli(['db:migrate']);
  }

  cli(args: string[], extra: Record<string, string> = {}): { status: number; output: string } {
    const result = spawnSync(process.execPath, [join(repoRoot, 'services/cli/dist/main.js'), ...args], {
      env: this.env(extra),
      encoding: 'utf8',
      timeout: 600_000,
    });
    return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
  }

  /** The command line without blocking this process (traffic keeps flowing while it runs). */
  cliAsync(args: string[], extra: Record<string, string> = {}): Promise<{ status: number; output: string }> {
    const child = spawn(process.execPath, [join(repoRoot, 'services/cli/dist/main.js'), ...args], {
      env: this.env(extra),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((done) => child.once('exit', (code) => done({ status: code ?? 1, output })));
  }

  private spawnChild(script: string, extra: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, [join(repoRoot, script)], {
      env: this.env(extra),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.logs.set(child, '');
    const keep = (chunk: Buffer): void => {
      this.logs.set(child, ((this.logs.get(child) ?? '') + chunk.toString()).slice(-20_000));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  }

  logOf(child: ChildProcess): string {
    return this.logs.get(child) ?? '';
  }

  async startApi(port: number): Promise<void> {
    const child = this.spawnChild('services/api/dist/main.js', { PORT: String(port), HOST: '127.0.0.1' });
    this.apis.set(port, child);
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok,
      `the API on ${port}`,
      60_000,
    );
  }

  startWorker(extra: Record<string, string> = {}): ChildProcess {
    const child = this.spawnChild('services/worker/dist/main.js', extra);
    this.workers.push(child);
    return child;
  }

  async kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  }

  /** Stops every process this stack started (and only those). */
  async stop(): Promise<void> {
    const all = [...this.apis.values(), ...this.workers];
    await Promise.all(all.map((child) => this.kill(child, 'SIGTERM')));
  }

  async sql<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Creates the admin through the command line and signs it in on one API. */
  async admin(port: number): Promise<Session> {
    const email = 'chaos.admin@example.test';
    const created = this.cli(['admin:create', '--email', email, '--password', ADMIN_PASSWORD, '--name', 'Chaos Admin']);
    if (created.status !== 0) throw new Error(`admin:create failed: ${created.output}`);
    return Session.signIn(port, email, ADMIN_PASSWORD);
  }

  /** Customers in one set-based insert (numbered from `first`): identities only; their money comes through ledger commands. */
  async insertCustomers(count: number, passwordHash: string, first = 1): Promise<number[]> {
    const rows = await this.sql<{ id: string }>(
      `insert into users (name, email, password_hash, reference_code, role, beneficiary_name, iban, swift)
       select 'Chaos Customer ' || n, 'chaos' || n || '@example.test', $1, 'CHAOS' || lpad(n::text, 8, '0'),
              'customer', 'Chaos Customer ' || n, 'GB82WEST12345698765432', 'NWBKGB2L'
         from generate_series($3::int, $3::int + $2::int - 1) as n
       returning id::text`,
      [passwordHash, count, first],
    );
    return rows.map((row) => Number(row.id));
  }

  /** The money commands in this process (for bulk funding through ConfirmDepositCommand, not SQL). */
  async application(): Promise<INestApplicationContext> {
    const app = await NestFactory.createApplicationContext(
      {
        module: class ChaosSeedModule {},
        imports: [PlatformModule.forRoot({ config: this.config(), poolMax: 8 }), CqrsModule.forRoot(), MoneyModule],
      },
      { logger: false },
    );
    await app.init();
    return app;
  }

  /** Confirms a deposit of `amount` for each user, `parallel` commands at a time. */
  async fund(app: INestApplicationContext, userIds: number[], amount: string, parallel = 8): Promise<void> {
    const commands = app.get(CommandBus);
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < userIds.length) {
        const userId = userIds[next++];
        await commands.execute(
          // set-up by the system, not an admin move: no four eyes, no admin who could be the customer
          new ConfirmDepositCommand(userId, amount, 'chaos opening balance', {
            actor: { kind: 'system', id: 'chaos-setup' },
            correlationId: `chaos-fund-${userId}`,
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
  }

  /** Enqueues a job with no payload on a queue, as a worker's schedule does. */
  async enqueue(queueName: string, jobName: string): Promise<void> {
    const queue = new Queue(queueName, { prefix: this.options.queuePrefix, connection: bullConnection(this.config()) });
    try {
      await queue.add(jobName, {});
    } finally {
      await queue.close();
    }
  }

  /** Enqueues a daily-interest tick for `until`, as the worker's schedule does. */
  async enqueueInterest(until: string): Promise<void> {
    const queue = new Queue(INTEREST_QUEUE, {
      prefix: this.options.queuePrefix,
      connection: bullConnection(this.config()),
    });
    try {
      await queue.add(JobNames.dailyInterest, { until });
    } finally {
      await queue.close();
    }
  }

  async runCompleted(date: string): Promise<boolean> {
    const [row] = await this.sql<{ status: string }>('select status from interest_runs where accrual_date = $1', [
      date,
    ]);
    return row?.status === 'completed';
  }

  /**
   * `ledger verify` of the command line (hash chains, zero-sum postings, balances = streams, replay =
   * read models). Returns its exit code and output.
   */
  async verifyLedger(admin: Session): Promise<{ status: number; output: string }> {
    const run = await this.cliAsync(['ledger', 'verify']);
    if (!/Unknown command "ledger"/.test(run.output)) return run;
    // the command line's ledger commands are not there yet: the same checks through the auditor API
    const report = await admin.call('GET', '/api/audit/verify');
    const ok = report.status === 200 && (report.body as { ok?: boolean }).ok === true;
    return { status: ok ? 0 : 1, output: `GET /api/audit/verify (no ledger CLI): ${JSON.stringify(report.body)}` };
  }
}

/** A signed-in client of one API process: JSON calls with the session cookie and the API's own Origin. */
export class Session {
  constructor(
    readonly port: number,
    private cookie: string,
    readonly email: string,
    private readonly password: string,
  ) {}

  static async signIn(port: number, email: string, password: string): Promise<Session> {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.9.${port % 250}.${Math.floor(Math.random() * 250) + 1}`,
      },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`sign-in of ${email} on ${port}: ${response.status}`);
    const cookie = (response.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0];
    return new Session(port, cookie, email, password);
  }

  /** The same account on another API process (sessions live in Redis, so the cookie works there too). */
  on(port: number): Session {
    return new Session(port, this.cookie, this.email, this.password);
  }

  async renew(): Promise<void> {
    const fresh = await Session.signIn(this.port, this.email, this.password);
    this.cookie = fresh.cookie;
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    timeoutMs = 60_000,
  ): Promise<HttpResult> {
    const origin = `http://127.0.0.1:${this.port}`;
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed, retryAfter: response.headers.get('retry-after') };
  }
}

/** Tomorrow in UTC (the stack's zone): an accrual date whose 10:00 is after every event of the test. */
export function tomorrow(): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function centsOf(amount: number | string): bigint {
  const [whole, fraction = ''] = String(amount).split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2)) * (whole.startsWith('-') ? -1n : 1n);
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { cpuSecondsOf } from './process-cpu';

export const repoRoot = resolve(__dirname, '../..');

export interface BenchStackOptions {
  databaseUrl: string;
  redisUrl: string;
  port: number;
  queuePrefix: string;
}

export function benchStackOptions(env: NodeJS.ProcessEnv = process.env): BenchStackOptions {
  return {
    databaseUrl: env.BENCH_HTTP_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings_bench_http',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: Number(env.BENCH_HTTP_PORT ?? 3941),
    queuePrefix: env.BENCH_HTTP_QUEUE_PREFIX ?? 'bench-http',
  };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function stackEnv(options: BenchStackOptions): NodeJS.ProcessEnv {
  const origin = `http://127.0.0.1:${options.port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    // production refuses the development secret; this one lives only as long as the bench
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    QUEUE_PREFIX: options.queuePrefix,
    // request logging off: the bench measures the API, not the terminal
    LOG_LEVEL: 'warn',
  };
}

/** Drops and recreates the bench's own database, then migrates it through the command line. */
export async function freshDatabase(options: BenchStackOptions): Promise<void> {
  const name = new URL(options.databaseUrl).pathname.slice(1);
  if (!/^savings_bench_[a-z0-9_]+$/.test(name)) {
    throw new Error(`The HTTP bench only drops databases named savings_bench_*, not "${name}".`);
  }
  const admin = new Client({ connectionString: withDatabase(options.databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  cli(options, ['db:migrate']);
}

/** Runs the compiled command line against the bench's stack; throws with its output when it fails. */
export function cli(options: BenchStackOptions, args: string[]): string {
  const result = spawnSync(process.execPath, [join(repoRoot, 'services/cli/dist/main.js'), ...args], {
    env: stackEnv(options),
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`cli ${args[0]} failed (${result.status}): ${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/**
 * `count` customers in one set-based insert (identities only: no money moves here, so the ledger is
 * untouched); they share one password hash, as only a few of them ever sign in.
 */
export async function seedCustomers(options: BenchStackOptions, count: number, passwordHash: string): Promise<void> {
  const client = new Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (name, email, password_hash, reference_code, role, beneficiary_name, iban, swift)
       select 'Bench Customer ' || n, 'bench' || n || '@example.test', $1, 'BENCH' || lpad(n::text, 8, '0'),
              'customer', 'Bench Customer ' || n, 'GB82WEST12345698765432', 'NWBKGB2L'
         from generate_series(1, $2::int) as n`,
      [passwordHash, count],
    );
  } finally {
    await client.end();
  }
}

export async function customerIds(options: BenchStackOptions, limit: number): Promise<number[]> {
  const client = new Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ id: string }>(
      "select id::text from users where role = 'customer' order by users.id limit $1",
      [limit],
    );
    return rows.rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}

export interface RunningApi {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the compiled API (services/api/dist/main.js) and waits until GET /api/health answers 200. */
export async function startApi(options: BenchStackOptions): Promise<RunningApi> {
  // BENCH_HTTP_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/api-prof", profiles the API under load
  const nodeArgs = (process.env.BENCH_HTTP_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'services/api/dist/main.js')], {
    env: stackEnv(options),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not answer on ${baseUrl} within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in through POST /api/auth/login and returns the `sid=...` cookie pair. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    // production cookies are Secure: the API trusts the forwarded protocol from loopback, as behind nginx
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in of ${email} answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error(`Sign-in of ${email} set no session cookie`);
  return cookie.split(';')[0];
}

/** A JSON call with a session, refused unless it answers `expected`. */
export async function call(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body: unknown,
  expected: number,
): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * Waits until the API answers the bare route quickly again: a run that ends leaves requests queued in
 * the server (slow ones at 64 connections), which would otherwise be billed to the next run.
 */
export async function settle(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${baseUrl}/api/health/live`).catch(() => undefined);
    quick = Date.now() - started < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU time (user + system, ms) a process has used so far; 0 when it is gone or not Linux. */
const cpuMsOf = (pid: number): number => (cpuSecondsOf(pid) ?? 0) * 1000;

/**
 * CPU used by the API process and by the PostgreSQL backends of the bench database: divided by the
 * requests served, it says where a request's cost goes whatever else the machine is doing.
 */
export async function cpuSnapshot(options: BenchStackOptions, apiPid: number): Promise<{ api: number; db: number }> {
  const client = new Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return { api: cpuMsOf(apiPid), db: rows.rows.reduce((sum, row) => sum + cpuMsOf(row.pid), 0) };
  } finally {
    await client.end();
  }
}

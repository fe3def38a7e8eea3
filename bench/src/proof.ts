import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { Client } from 'pg';
import { PlatformModule, ProofCommitments, ProofModule, SQL } from '@savings/application';
import { loadConfig } from '@savings/config';
import { migrateDatabase, type Sql } from '@savings/database';
import { cpuSecondsByPid } from './process-cpu';

/**
 * `npm run bench -- proof [--accounts N]`: seeds N customer accounts (default 1,000,000) with
 * set-based SQL in a database of its own, then commits one proof-of-liabilities tree over them as
 * `ledger proof commit` and the interest run's hook do (snapshot, streamed leaves, every node stored
 * by COPY, root appended to the ledger). Writes bench/results/proof.json:
 * {"accounts", "seconds" (the commitment alone), "peak_rss_mb" (this process's peak resident memory)}.
 */
const repoRoot = resolve(__dirname, '../..');

export interface ProofBenchResult {
  accounts: number;
  seconds: number;
  peak_rss_mb: number;
}

export async function proofBench(args: string[]): Promise<ProofBenchResult> {
  const accounts = numberFlag(args, '--accounts', 1_000_000);
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings');
  url.pathname = '/savings_bench_proof';
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? url.toString();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-never-used-for-sessions-0123456789',
    DATABASE_URL: databaseUrl,
    APP_TIMEZONE: 'UTC',
    LOG_LEVEL: 'warn',
  });
  console.log(`Proof benchmark: ${accounts.toLocaleString('en')} accounts`);
  await migrateDatabase(databaseUrl);
  const db = new Client({ connectionString: databaseUrl, application_name: 'bench-proof' });
  await db.connect();
  try {
    await seed(db, accounts);
  } finally {
    await db.end();
  }
  const app = await NestFactory.createApplicationContext(
    {
      module: class ProofBenchModule {},
      imports: [PlatformModule.forRoot({ config, poolMax: 4 }), CqrsModule.forRoot(), ProofModule],
    },
    { logger: ['error', 'warn'] },
  );
  try {
    const context = { actor: { kind: 'system' as const, id: 'bench' }, correlationId: 'bench-proof' };
    const sql = app.get<Sql>(SQL);
    const load = loadavg()[0];
    const backendsBefore = await backendCpu(sql);
    const cpuBefore = process.cpuUsage();
    const start = process.hrtime.bigint();
    const commitment = await app.get(ProofCommitments).commit(context);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const backendsAfter = await backendCpu(sql);
    let postgresCpu = 0;
    for (const [pid, seconds] of backendsAfter) postgresCpu += seconds - (backendsBefore.get(pid) ?? 0);
    if (!commitment || commitment.leafCount !== accounts)
      throw new Error('The commitment does not cover every account');
    const result: ProofBenchResult = {
      accounts,
      seconds: Math.round(seconds * 100) / 100,
      // maxRSS is in kilobytes: the process's peak, the seeding's included (done by PostgreSQL, not here)
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    console.log(
      `Committed root ${commitment.root} over ${accounts.toLocaleString('en')} accounts in ${result.seconds} s, ` +
        `peak RSS ${result.peak_rss_mb} MB; CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ` +
        `its PostgreSQL backends ${postgresCpu.toFixed(1)} s; load average at start ${load.toFixed(1)}`,
    );
    mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
    writeFileSync(join(repoRoot, 'bench/results/proof.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await app.close();
  }
}

/** N users and their account rows with balances (the commitment reads the account rows). */
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
  // version 1: each account has had activity, so each is a leaf; balances from 0.00 to about 100,000.00
  await db.query(
    `insert into accounts (user_id, balance_cents, version, last_hash)
     select id, (id * 7919) % 10000000, 1, repeat('0', 64) from users`,
  );
  await db.query('vacuum analyze accounts');
}

function numberFlag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/**
 * CPU seconds (user + system) of this database's PostgreSQL backends, by pid: the server's share of
 * the work, which wall time on a shared machine hides. Empty where /proc is not readable.
 */
async function backendCpu(sql: Sql): Promise<Map<number, number>> {
  const rows = await sql.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
  return cpuSecondsByPid(rows.map((row) => row.pid));
}

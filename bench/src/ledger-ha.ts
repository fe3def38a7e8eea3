import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { loadConfig } from '@savings/config';
import { dropDatabase, migrateDatabase } from '@savings/database';
import { LedgerBenchModule, ROUNDS, WRITERS, createUsers, handlerRun, median, repoRoot, round1 } from './ledger';

/**
 * `npm run bench -- ledger --ha [--seconds S] [--writers 1,16]` (api-contract.md section 16): the same money
 * command through the real handlers (group commit included) on the single PostgreSQL (DATABASE_URL's
 * server) and on the high-availability cluster's write endpoint (HAProxy in front of a primary whose
 * every commit waits for its synchronous standby), interleaved round by round in one run so that load
 * on the machine hits both alike. Writes bench/results/ledger-ha.json: `{"single": {...}, "ha": {...}}`,
 * each with handler_tps and handler_p99_ms per writer count. The cluster is started when it is not up
 * (and then taken down again).
 */
interface TargetFigures {
  handler_tps: Record<string, number>;
  handler_p50_ms: Record<string, number>;
  handler_p99_ms: Record<string, number>;
}

interface Target {
  name: 'single' | 'ha';
  databaseUrl: string;
  pool: Pool;
  app: INestApplicationContext;
  accounts: number[];
  runs: Map<number, { tps: number; p50: number; p99: number }[]>;
}

function ha(command: string): { status: number; output: string } {
  const result = spawnSync(process.execPath, [join(repoRoot, 'tools/ha.mjs'), command], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { status: result.status ?? 1, output: result.stdout };
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openTarget(name: Target['name'], databaseUrl: string): Promise<Target> {
  await dropDatabase(databaseUrl);
  await migrateDatabase(databaseUrl);
  // Redis is not on this path: the single node's, for both
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_SENTINELS: '',
    REDIS_SENTINEL_NAME: '',
    LOG_LEVEL: 'silent',
  });
  const pool = new Pool({ connectionString: databaseUrl, max: 4, application_name: `bench-${name}` });
  const app = await NestFactory.createApplicationContext(LedgerBenchModule.forRoot(config), { logger: ['error'] });
  await app.init();
  const accounts = await createUsers(pool, Math.max(...WRITERS), name);
  return { name, databaseUrl, pool, app, accounts, runs: new Map() };
}

export async function ledgerHaBench(args: string[]): Promise<void> {
  const secondsIndex = args.indexOf('--seconds');
  const seconds = secondsIndex < 0 ? 5 : Number(args[secondsIndex + 1]);
  const writersIndex = args.indexOf('--writers');
  const writerCounts = writersIndex < 0 ? [...WRITERS] : args[writersIndex + 1].split(',').map(Number);
  if (!(seconds > 0) || writerCounts.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new Error('Usage: npm run bench -- ledger --ha [--seconds S] [--writers 1,16,64]');
  }

  const before = ha('status');
  const running = before.status === 0 && JSON.parse(before.output).primary !== null;
  if (!running && ha('up').status !== 0) throw new Error('The cluster did not start (npm run ha -- up).');
  const cluster = JSON.parse(ha('status').output) as { env: { DATABASE_URL: string }; primary: string };
  const single = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings';
  console.log(
    `[bench ledger --ha] single: ${new URL(single).host}; ha: ${new URL(cluster.env.DATABASE_URL).host} (primary ${cluster.primary})`,
  );

  const targets: Target[] = [];
  try {
    targets.push(await openTarget('single', withDatabase(single, 'savings_bench_ledger_single')));
    targets.push(await openTarget('ha', withDatabase(cluster.env.DATABASE_URL, 'savings_bench_ledger_ha')));
    // warm-up: JIT, pools, plans
    for (const target of targets) await handlerRun(target.pool, target.app.get(CommandBus), target.accounts, 4, 1);
    for (const writers of writerCounts) {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
          const run = await handlerRun(target.pool, target.app.get(CommandBus), target.accounts, writers, seconds);
          target.runs.set(writers, [...(target.runs.get(writers) ?? []), run]);
        }
      }
      const line = targets
        .map((t) => `${t.name} ${(t.runs.get(writers) ?? []).map((r) => round1(r.tps)).join(' / ')} commands/s`)
        .join(', ');
      console.log(`[bench ledger --ha] ${writers} writer(s): ${line}`);
    }
  } finally {
    for (const target of targets) {
      await target.app.close();
      await target.pool.end();
    }
    if (!running) ha('down');
  }

  const figures = (target: Target): TargetFigures => {
    const of = (pick: (r: { tps: number; p50: number; p99: number }) => number) =>
      Object.fromEntries(writerCounts.map((w) => [String(w), round1(median((target.runs.get(w) ?? []).map(pick)))]));
    return { handler_tps: of((r) => r.tps), handler_p50_ms: of((r) => r.p50), handler_p99_ms: of((r) => r.p99) };
  };
  const results = { single: figures(targets[0]), ha: figures(targets[1]) };
  for (const w of writerCounts.map(String)) {
    console.log(
      `[bench ledger --ha] ${w} writer(s): single ${results.single.handler_tps[w]} / ha ${results.ha.handler_tps[w]} commands/s ` +
        `(x${(results.ha.handler_tps[w] / results.single.handler_tps[w]).toFixed(2)}), p99 ${results.single.handler_p99_ms[w]} / ${results.ha.handler_p99_ms[w]} ms`,
    );
  }
  if (writersIndex >= 0 || secondsIndex >= 0) return; // a partial run writes nothing
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ledger-ha.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('[bench ledger --ha] written to bench/results/ledger-ha.json (target: ha >= 0.7x single at 16 writers)');
}

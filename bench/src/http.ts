import autocannon from 'autocannon';
import { hash } from 'argon2';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_USERS_PAGE_SIZE } from '@savings/contracts';
import {
  benchStackOptions,
  call,
  cpuSnapshot,
  cli,
  customerIds,
  freshDatabase,
  repoRoot,
  seedCustomers,
  settle,
  signIn,
  startApi,
  type RunningApi,
} from './http-stack';

/**
 * `npm run bench -- http`: the compiled API on its own database (savings_bench_http) with 10,000
 * customers, loaded by autocannon at 1, 16 and 64 connections for ~5 s each:
 *   bare          GET /api/health/live (no dependency: the framework's ceiling on this machine)
 *   dashboard     GET /api/user/dashboard with a customer's session
 *   admin_users   GET /api/admin/users?limit=50&offset=0&sort=id&order=asc with an admin's session: the
 *                 first page of the users table, as the admin screen loads and polls it (the table pages,
 *                 sorts and searches on the server; other pages, sorts and the full list are diagnostics)
 *   admin_adjust  PATCH /api/admin/users/{id}/balance add 0.01, round-robin over 1,000 accounts
 * Writes bench/results/http.json. autocannon runs in this process on the same cores as the API, so the
 * figures are a floor for a machine where load and server are apart.
 */

export const CONNECTIONS = [1, 16, 64] as const;
const USERS = Number(process.env.BENCH_HTTP_USERS ?? 10_000);
const FUNDED = 1_000;
const DURATION_S = Number(process.env.BENCH_HTTP_DURATION ?? 5);
const PASSWORD = 'bench-password-1';
const ADMIN_USERS_FIRST_PAGE = `/api/admin/users?limit=${ADMIN_USERS_PAGE_SIZE}&offset=0&sort=id&order=asc`;

export interface Figure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** Answers that were not 2xx, and socket errors/timeouts: a figure with either is not a clean one. */
  non2xx: number;
  errors: number;
  /** Requests answered in the run; 0 means the latencies are meaningless (nothing came back in time). */
  requests: number;
  /** CPU milliseconds per request in the API process and in its PostgreSQL backends (load-independent). */
  api_cpu_ms: number;
  db_cpu_ms: number;
}

type Scenario = 'bare' | 'dashboard' | 'admin_users' | 'admin_adjust';
export type HttpResults = Record<Scenario, Record<string, Figure>> & { meta: Record<string, unknown> };

async function measure(
  api: RunningApi,
  connections: number,
  request: { path: string; method?: string; headers?: Record<string, string>; body?: string; paths?: string[] },
  durationS = DURATION_S,
): Promise<Figure> {
  let next = 0;
  const options = benchStackOptions();
  const cpuBefore = await cpuSnapshot(options, api.child.pid ?? 0);
  const result = await autocannon({
    url: api.baseUrl,
    connections,
    duration: durationS,
    timeout: 30,
    requests: [
      {
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers,
        body: request.body,
        // round-robin over several paths (e.g. accounts) when given
        ...(request.paths
          ? {
              setupRequest: (req) => ({
                ...req,
                path: (request.paths as string[])[next++ % (request.paths as string[]).length],
              }),
            }
          : {}),
      },
    ],
  });
  const cpuAfter = await cpuSnapshot(options, api.child.pid ?? 0);
  const served = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
    api_cpu_ms: Number(((cpuAfter.api - cpuBefore.api) / served).toFixed(2)),
    // backends that closed during the run are missed, so this is a floor
    db_cpu_ms: Number((Math.max(0, cpuAfter.db - cpuBefore.db) / served).toFixed(2)),
  };
}

export async function runHttpBench(): Promise<HttpResults> {
  const options = benchStackOptions();
  const log = (line: string): void => console.log(`[bench http] ${line}`);
  log(`database ${new URL(options.databaseUrl).pathname.slice(1)}, API port ${options.port}`);
  await freshDatabase(options);
  await seedCustomers(options, USERS, await hash(PASSWORD));
  for (const [email, name] of [
    ['bench.admin@example.test', 'Bench Admin'],
    ['bench.checker@example.test', 'Bench Checker'],
  ]) {
    cli(options, ['admin:create', '--email', email, '--password', PASSWORD, '--name', name]);
  }
  const api = await startApi(options);
  try {
    const admin = await signIn(api.baseUrl, 'bench.admin@example.test', PASSWORD);
    const checker = await signIn(api.baseUrl, 'bench.checker@example.test', PASSWORD);
    // money through the ledger's own command (admin direct deposit), for the accounts the load touches:
    // 10,000 reaches FOUR_EYES_THRESHOLD, so each waits for the second admin, who approves it (a move
    // approved by a second admin does not count toward the 24-hour sum, so the 0.01 adjustments below
    // are made at once)
    const funded = await customerIds(options, FUNDED);
    for (const userId of funded) {
      const asked = (await call(
        api.baseUrl,
        admin,
        'POST',
        '/api/admin/deposits/confirm',
        { userId, amount: 10_000 },
        202,
      )) as {
        approval: { id: number };
      };
      await call(api.baseUrl, checker, 'POST', `/api/admin/approvals/${asked.approval.id}/approve`, undefined, 200);
    }
    const customer = await signIn(api.baseUrl, 'bench1@example.test', PASSWORD);
    log(
      `${USERS} customers seeded, ${funded.length} funded through POST /api/admin/deposits/confirm ` +
        "and a second admin's approval",
    );

    const withSession = (cookie: string): Record<string, string> => ({ cookie });
    const scenarios: Record<Scenario, Parameters<typeof measure>[2]> = {
      bare: { path: '/api/health/live' },
      dashboard: { path: '/api/user/dashboard', headers: withSession(customer) },
      admin_users: { path: ADMIN_USERS_FIRST_PAGE, headers: withSession(admin) },
      admin_adjust: {
        method: 'PATCH',
        path: `/api/admin/users/${funded[0]}/balance`,
        paths: funded.map((id) => `/api/admin/users/${id}/balance`),
        headers: { ...withSession(admin), 'content-type': 'application/json', origin: api.baseUrl },
        body: JSON.stringify({ amount: 0.01, operation: 'add', note: 'bench' }),
      },
    };
    // one short warm-up per route (JIT, pools, caches) outside the figures
    for (const scenario of Object.values(scenarios)) {
      await measure(api, 4, scenario, 1);
      await settle(api.baseUrl);
    }

    const results = { meta: {} } as HttpResults;
    for (const [name, scenario] of Object.entries(scenarios) as [Scenario, Parameters<typeof measure>[2]][]) {
      results[name] = {};
      for (const connections of CONNECTIONS) {
        await settle(api.baseUrl);
        const figure = await measure(api, connections, scenario);
        results[name][String(connections)] = figure;
        log(
          `${name.padEnd(12)} c=${String(connections).padStart(2)}  ${String(figure.rps).padStart(6)} req/s  ` +
            `p50 ${figure.p50_ms} ms  p99 ${figure.p99_ms} ms  cpu/req api ${figure.api_cpu_ms} ms db ${figure.db_cpu_ms} ms` +
            (figure.non2xx || figure.errors ? `  (non-2xx ${figure.non2xx}, errors ${figure.errors})` : ''),
        );
      }
    }
    // where a dashboard or list request spends its time beyond the bare route, at 16 connections
    const diagnostics: Record<string, Figure & { bytes?: number }> = {};
    const probes: Record<string, Parameters<typeof measure>[2]> = {
      bare_with_session_cookie: { path: '/api/health/live', headers: withSession(customer) },
      auth_me: { path: '/api/auth/me', headers: withSession(customer) },
      admin_users_by_balance_page_100: {
        path: `/api/admin/users?limit=${ADMIN_USERS_PAGE_SIZE}&offset=${99 * ADMIN_USERS_PAGE_SIZE}&sort=balance&order=desc`,
        headers: withSession(admin),
      },
      admin_users_search: {
        path: `${ADMIN_USERS_FIRST_PAGE}&q=bench77`,
        headers: withSession(admin),
      },
      admin_users_full_list: { path: '/api/admin/users', headers: withSession(admin) },
    };
    for (const [name, probe] of Object.entries(probes)) {
      await settle(api.baseUrl);
      diagnostics[name] = await measure(api, 16, probe);
      log(`diagnostic ${name} c=16: ${JSON.stringify(diagnostics[name])}`);
    }
    const list = await fetch(`${api.baseUrl}/api/admin/users`, { headers: withSession(admin) });
    const listBytes = (await list.arrayBuffer()).byteLength;

    // the adjustments moved money by the ledger's commands: it must still prove itself
    const verify = (await call(api.baseUrl, admin, 'GET', '/api/audit/verify', undefined, 200)) as { ok: boolean };
    results.meta = {
      at: new Date().toISOString(),
      users: USERS,
      durationSeconds: DURATION_S,
      cpus: (await import('node:os')).cpus().length,
      node: process.version,
      ledgerVerified: verify.ok,
      adminUsersResponseBytes: listBytes,
      diagnostics16: diagnostics,
      targets: targets(results),
    };
    return results;
  } finally {
    await api.stop();
  }
}

function targets(results: HttpResults): Record<string, { target: string; value: number | null; met: boolean }> {
  // a run where nothing (or not everything) came back cleanly cannot meet a latency target
  const clean = (figure: Figure): boolean => figure.requests > 0 && figure.non2xx === 0 && figure.errors === 0;
  const dashboard = results.dashboard['16'];
  const users = results.admin_users['16'];
  const ratio = dashboard.rps / Math.max(1, results.bare['16'].rps);
  return {
    dashboard_vs_bare_rps_16: {
      target: '>= 0.5',
      value: Number(ratio.toFixed(2)),
      met: clean(dashboard) && ratio >= 0.5,
    },
    dashboard_p99_ms_16: {
      target: '< 50',
      value: clean(dashboard) ? dashboard.p99_ms : null,
      met: clean(dashboard) && dashboard.p99_ms < 50,
    },
    admin_users_p99_ms_16: {
      target: '< 200',
      value: clean(users) ? users.p99_ms : null,
      met: clean(users) && users.p99_ms < 200,
    },
  };
}

export async function httpBenchCommand(): Promise<number> {
  const results = await runHttpBench();
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'http.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`[bench http] targets: ${JSON.stringify(results.meta.targets)}`);
  console.log(`[bench http] written to bench/results/http.json`);
  return 0;
}

import { hash } from 'argon2';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { BACKUPS_QUEUE, JobNames } from '@savings/application';
import { ChaosStack, Session, repoRoot, sleep, waitFor } from '../stress/chaos-stack';
import { ha, note, type ClusterStatus } from '../ha/ha-cluster';

/**
 * api-contract.md section 16, `npm run test:restore`: on the cluster of `npm run ha` (pgBackRest archiving
 * every WAL segment of the primary), a full backup, traffic with a differential backup taken in the
 * middle of it, a quiet instant, more traffic; then `npm run backup -- restore` to that instant into a new
 * PostgreSQL. The restored ledger verifies, its head is the original's head as of the instant, and it
 * holds every command acknowledged before the instant and none sent after it. Then a table dropped by
 * mistake, restored to the instant before; a restore outside the window refused; retention applied.
 */

jest.setTimeout(900_000);

const PORT = 3962;
const RESTORE_PORT = 5463;
const DROPPED_RESTORE_PORT = 5464;
const WRITERS = 16;
const DATABASE = 'savings_chaos_restore';
export const RESTORE_FIGURES_FILE = join(tmpdir(), 'savings-restore-figures.json');

let stack: ChaosStack;
let admin: Session;
let accounts: number[];

interface Sent {
  key: string;
  sentAt: number;
  acknowledgedAt: number | null;
}

/** `npm run backup -- <args>`: exit code and output (JSON for now and restore). */
function backup(...args: string[]): Promise<{ status: number; output: string }> {
  const child = spawn(process.execPath, [join(repoRoot, 'tools/backup.mjs'), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ status: code ?? 1, output })));
}

async function backupJson<T>(...args: string[]): Promise<T> {
  const result = await backup(...args);
  if (result.status !== 0) throw new Error(`npm run backup -- ${args.join(' ')}: ${result.output}`);
  return JSON.parse(result.output) as T;
}

/**
 * Writers on their own accounts, each command with its own key, for at least `minMs` and until
 * `minAcknowledged` commands were acknowledged (a loaded machine is slower; `maxMs` bounds it); every
 * send and answer noted.
 */
async function traffic(
  prefix: string,
  { minMs, minAcknowledged = 0, maxMs = 180_000 }: { minMs: number; minAcknowledged?: number; maxMs?: number },
  during?: () => Promise<void>,
): Promise<Sent[]> {
  const started = Date.now();
  const sent: Sent[] = [];
  let acknowledged = 0;
  const more = () => Date.now() - started < maxMs && (Date.now() - started < minMs || acknowledged < minAcknowledged);
  const writer = async (index: number): Promise<void> => {
    for (let n = 0; more(); n += 1) {
      const command: Sent = { key: `${prefix}-${index}-${n}`, sentAt: Date.now(), acknowledgedAt: null };
      sent.push(command);
      const result = await admin.call(
        'PATCH',
        `/api/admin/users/${accounts[index]}/balance`,
        { amount: '1.00', operation: 'add', note: 'restore traffic' },
        { 'Idempotency-Key': command.key },
      );
      if (result.status === 200) {
        command.acknowledgedAt = Date.now();
        acknowledged += 1;
      }
    }
  };
  await Promise.all([...Array.from({ length: WRITERS }, (_, index) => writer(index)), during?.()]);
  return sent;
}

function headOf(output: string): { seq: string; hash: string } {
  const match = /seq (\d+), hash ([0-9a-f]{64})/.exec(output);
  if (!match) throw new Error(`no ledger head in: ${output}`);
  return { seq: match[1], hash: match[2] };
}

async function keysIn(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; n: number }>(
      `select metadata->>'idempotencyKey' as key, count(*)::int as n from ledger_events
        where metadata->>'idempotencyKey' like $1 group by 1`,
      [`${prefix}-%`],
    );
    return new Map(rows.map((row) => [row.key, row.n]));
  } finally {
    await client.end();
  }
}

const restoredUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/${DATABASE}`;

beforeAll(async () => {
  await ha('up');
  note({ cluster: true });
  const status = await ha<ClusterStatus>('status');
  stack = new ChaosStack({
    database: DATABASE,
    apiPorts: [PORT],
    queuePrefix: 'chaos-restore',
    databaseBaseUrl: status.env.DATABASE_URL,
    env: { REDIS_SENTINELS: status.env.REDIS_SENTINELS, REDIS_SENTINEL_NAME: status.env.REDIS_SENTINEL_NAME },
  });
  await stack.freshDatabase();
  await stack.startApi(PORT);
  // the worker takes the scheduled backups (its schedule is off: the test queues the job itself)
  const worker = stack.startWorker({ BACKUP_REPO: status.backupRepo, WORKER_MAIL: 'off' });
  note({ pids: [stack.apis.get(PORT)?.pid ?? 0, worker.pid ?? 0] });
  admin = await stack.admin(PORT);
  accounts = await stack.insertCustomers(WRITERS, await hash('restore-customer-1'));
  const app = await stack.application();
  try {
    await stack.fund(app, accounts, '100.00', 8);
  } finally {
    await app.close();
  }
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a restore to an instant between two acknowledged commands', () => {
  it('brings back the ledger as it stood: head equal, every earlier acknowledged command, nothing sent after', async () => {
    const full = await backupJson<{ label: string; type: string }>('now', '--full');
    expect(full.type).toBe('full');

    // traffic, with the worker's scheduled backup (a differential one) taken in the middle of it: the
    // WAL covers what the backup missed
    const before = await traffic('restore-before', { minMs: 25_000, minAcknowledged: 600 }, async () => {
      await sleep(5_000);
      await stack.enqueue(BACKUPS_QUEUE, JobNames.backup);
      await waitFor(async () => / diff /.test((await backup('list')).output), "the worker's backup", 120_000);
    });
    // a quiet instant: every command sent so far answered, none sent until a second after it
    await sleep(1_000);
    const instant = new Date().toISOString();
    await sleep(1_000);
    const after = await traffic('restore-after', { minMs: 5_000 });

    const original = stack.cli(['ledger', 'head', '--as-of', instant]);
    expect(original.status).toBe(0);
    const restored = await backupJson<{ seconds: number; databaseUrl: string }>(
      'restore',
      '--to',
      instant,
      '--port',
      String(RESTORE_PORT),
    );
    const url = restoredUrl(RESTORE_PORT);
    const head = stack.cli(['ledger', 'head'], { DATABASE_URL: url });
    expect(headOf(head.output)).toEqual(headOf(original.output));
    const verify = stack.cli(['ledger', 'verify'], { DATABASE_URL: url });
    expect({ status: verify.status, output: verify.output }).toEqual({ status: 0, output: expect.any(String) });

    const acknowledged = before.filter((c) => c.acknowledgedAt !== null && c.acknowledgedAt < Date.parse(instant));
    const present = await keysIn(url, 'restore-before');
    const missing = acknowledged.filter((c) => present.get(c.key) !== 1).map((c) => c.key);
    const afterPresent = [...(await keysIn(url, 'restore-after')).keys()];
    expect({ missing, afterPresent }).toEqual({ missing: [], afterPresent: [] });
    expect(acknowledged.length).toBeGreaterThanOrEqual(500);
    expect(after.length).toBeGreaterThan(0);

    const line =
      `restored to ${instant}: head equal, ${acknowledged.length} acknowledged before present, ` +
      `${missing.length} missing, ${afterPresent.length} after, restore ${restored.seconds.toFixed(1)} s`;
    writeFileSync(RESTORE_FIGURES_FILE, JSON.stringify({ line }));
  });
});

describe('a table dropped by mistake', () => {
  it('is back after a restore to the instant before, and the ledger verifies there', async () => {
    await sleep(1_000);
    const instant = new Date().toISOString();
    await sleep(1_000);
    await stack.sql('drop table ledger_postings cascade');
    await backupJson('restore', '--to', instant, '--port', String(DROPPED_RESTORE_PORT));
    const verify = stack.cli(['ledger', 'verify'], { DATABASE_URL: restoredUrl(DROPPED_RESTORE_PORT) });
    expect({ status: verify.status, output: verify.output }).toEqual({ status: 0, output: expect.any(String) });
  });
});

describe('the restorable window and retention', () => {
  it('refuses an instant outside the window with a sentence saying the window', async () => {
    const refused = await backup('restore', '--to', '2001-01-01T00:00:00Z', '--port', '5465');
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/^Cannot restore to 2001-01-01T00:00:00.000Z: the restorable window is \S+ to \S+/);
  });

  it('keeps two full backups: the oldest is gone from the list after two more', async () => {
    const listed = () => backup('list').then((result) => result.output);
    const first = /^(\d{8}-\d{6}F) /m.exec(await listed())?.[1];
    expect(first).toBeDefined();
    await backupJson('now', '--full');
    await backupJson('now', '--full');
    const now = await listed();
    expect(now).not.toContain(first);
    expect(now.match(/ full /g)).toHaveLength(2);
    expect(now).toMatch(/Restorable window: \S+ to \S+/);
  });
});

// The local high-availability cluster of api-contract.md section 16, driven by `npm run ha -- <command>`
// (tools/ha.mjs) and by `npm run test:ha`: etcd, three Patroni-managed PostgreSQL 15 nodes behind HAProxy,
// a Redis master and replica watched by three sentinels. The engines' configuration is in the files beside
// this one; this module only starts, watches, kills and removes the processes.
//
// Every process runs from a folder inside the data folder (HA_DATA_DIR, default /tmp/savings-ha), and so
// does every PostgreSQL backend (a postmaster's working directory is its data directory): `down` finds
// the cluster's processes by that, on top of the process ids it noted, and kills them and nothing else.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The fixed ports (README, "High availability"): none clashes with 5432, 6379, 3000 or the tests' ports. */
export const PORTS = {
  etcd: 2479,
  etcdPeer: 2480,
  haproxyPrimary: 5440,
  haproxyReplicas: 5439,
  haproxyStats: 8440,
  redis: { redis1: 6481, redis2: 6482 },
  sentinels: [26481, 26482, 26483],
};
export const PG_NODES = {
  pg1: { port: 5441, rest: 8441 },
  pg2: { port: 5442, rest: 8442 },
  pg3: { port: 5443, rest: 8443 },
};
export const SENTINEL_NAME = 'savings';
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** What the application is given: DATABASE_URL at HAProxy's write endpoint, Redis through the sentinels. */
export function appEnv(database = 'savings') {
  return {
    DATABASE_URL: `postgresql://postgres@127.0.0.1:${PORTS.haproxyPrimary}/${database}`,
    REDIS_SENTINELS: PORTS.sentinels.map((port) => `127.0.0.1:${port}`).join(','),
    REDIS_SENTINEL_NAME: SENTINEL_NAME,
    // the worker takes its scheduled backups into the cluster's repository (infra/ha/backup.mjs)
    BACKUP_REPO: backupRepo(),
  };
}

export const dataDir = () => resolve(process.env.HA_DATA_DIR ?? join(tmpdir(), 'savings-ha'));
const stateFile = () => join(dataDir(), 'processes.json');
/** BACKUP_REPO, else the cluster's own repository folder (infra/ha/backup.mjs reads the same). */
export const backupRepo = () => resolve(process.env.BACKUP_REPO ?? join(dataDir(), 'backups'));

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function log(message) {
  process.stderr.write(`\x1b[36m▸\x1b[0m ${message}\n`);
}

async function waitFor(probe, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what} (logs in ${dataDir()})`);
    await sleep(250);
  }
}

// ---------------------------------------------------------------------------------------------------
// Packages

const PACKAGES = [
  { bin: '/usr/bin/patroni', pkg: 'patroni' },
  { bin: '/usr/bin/etcd', pkg: 'etcd-server' },
  { bin: '/usr/sbin/haproxy', pkg: 'haproxy' },
  { bin: '/usr/bin/redis-server', pkg: 'redis-server' },
  { bin: '/usr/bin/redis-sentinel', pkg: 'redis-sentinel' },
  { bin: '/usr/bin/redis-cli', pkg: 'redis-tools' },
  { bin: '/usr/bin/pgbackrest', pkg: 'pgbackrest' },
  { bin: `${PG_BIN}/postgres`, pkg: 'postgresql-15' },
];

/** The Debian packages of section 16, installed when missing (as root with apt-get), else the command to run. */
export function ensurePackages() {
  const missing = PACKAGES.filter(({ bin }) => !existsSync(bin)).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  const command = `apt-get install -y ${missing.join(' ')}`;
  const canInstall =
    process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) {
    throw new Error(`The cluster needs Debian packages that are missing: run "${command}" as root, then again.`);
  }
  log(`Installing ${missing.join(', ')} (${command})…`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`"apt-get ${args.join(' ')}" failed: run "${command}" as root.`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Processes

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8'));
  } catch {
    return {};
  }
}

export function noteProcess(name, pid) {
  const state = readState();
  state[name] = pid;
  writeFileSync(stateFile(), JSON.stringify(state, null, 2));
}

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    // a zombie (killed, not yet reaped) is not up
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Starts one daemon in its own process group, output to its log file, running from `cwd` (in the data folder). */
function daemon(name, command, args, { cwd, env = {}, user = null }) {
  mkdirSync(cwd, { recursive: true });
  const out = openSync(join(dataDir(), 'logs', `${name}.log`), 'a');
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', out, out],
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8', ...env },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  closeSync(out);
  child.unref();
  noteProcess(name, child.pid);
  return child.pid;
}

/** Process ids of every process running from (or naming) a folder inside `folder`. */
export function processesUnder(folder) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cwd === folder || cwd.startsWith(`${folder}/`) || cmdline.includes(`${folder}/`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

function killAll(pids, signal = 'SIGKILL') {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export function postgresUser() {
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!passwd)
    throw new Error('There is no "postgres" user: install postgresql-15 (apt-get install -y postgresql-15).');
  const [, , uid, gid] = passwd.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function chownTree(path, { uid, gid }) {
  spawnSync('chown', ['-R', `${uid}:${gid}`, path]);
}

// ---------------------------------------------------------------------------------------------------
// Probes

async function httpJson(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

function tcpOpen(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });
}

function redisCli(port, ...args) {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
    encoding: 'utf8',
    timeout: 3000,
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Patroni's view of the cluster from any node that answers: leader, sync standby, members. */
export async function patroniCluster() {
  for (const { rest } of Object.values(PG_NODES)) {
    try {
      const { status, body } = await httpJson(rest, '/cluster');
      if (status === 200 && body?.members) return body;
    } catch {
      // that node is down: ask the next
    }
  }
  return null;
}

async function roles() {
  const cluster = await patroniCluster();
  const members = cluster?.members ?? [];
  const leader = members.find((m) => m.role === 'leader' && m.state === 'running')?.name ?? null;
  const sync = members.find((m) => m.role === 'sync_standby' && (m.state === 'streaming' || m.state === 'running'));
  return { leader, syncStandby: sync?.name ?? null, members };
}

export function redisMaster() {
  for (const port of PORTS.sentinels) {
    const answer = redisCli(port, 'sentinel', 'get-master-addr-by-name', SENTINEL_NAME);
    if (answer) {
      const [host, masterPort] = answer.split('\n');
      if (host && masterPort) {
        const name = Object.entries(PORTS.redis).find(([, p]) => String(p) === masterPort)?.[0] ?? null;
        return { name, address: `${host}:${masterPort}` };
      }
    }
  }
  return null;
}

function postmasterPid(node) {
  try {
    return Number(readFileSync(join(dataDir(), node, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

/** `npm run ha -- status`: the primary, the synchronous standby, the Redis master, and what runs. */
export async function status() {
  const state = readState();
  const { leader, syncStandby, members } = await roles();
  const nodes = {};
  for (const name of Object.keys(PG_NODES)) {
    const member = members.find((m) => m.name === name);
    nodes[name] = {
      patroni: alive(state[name]),
      postgres: alive(postmasterPid(name)),
      role: member?.role ?? null,
      state: member?.state ?? null,
      lag: member?.lag ?? null,
    };
  }
  const redis = {};
  for (const [name, port] of Object.entries(PORTS.redis)) {
    const role = /^role:(\w+)/m.exec(redisCli(port, 'info', 'replication') ?? '')?.[1] ?? null;
    redis[name] = { up: alive(state[name]), port, role };
  }
  return {
    dataDir: dataDir(),
    backupRepo: backupRepo(),
    primary: leader,
    synchronousStandby: syncStandby,
    redisMaster: redisMaster()?.name ?? null,
    processes: {
      etcd: alive(state.etcd),
      haproxy: alive(state.haproxy),
      ...nodes,
      ...redis,
      ...Object.fromEntries(PORTS.sentinels.map((port, i) => [`sentinel${i + 1}`, alive(state[`sentinel${i + 1}`])])),
    },
    env: appEnv(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Start

function render(template, target, replacements) {
  let text = readFileSync(join(here, template), 'utf8');
  for (const [key, value] of Object.entries(replacements)) text = text.replaceAll(`@${key}@`, value);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  return target;
}

/**
 * Each node's archive_command: pgBackRest pushes the segment from the node's own data folder (the
 * command runs there) to the repository, whichever node is primary at the time.
 */
function archiveCommand() {
  return `pgbackrest --config=${join(backupRepo(), 'pgbackrest.conf')} --stanza=savings --pg1-path="$PWD" archive-push "$PWD/%p"`;
}

/** The repository folder with its pgBackRest configuration (infra/ha/pgbackrest.conf), owned by postgres. */
function prepareBackupRepo(user) {
  mkdirSync(backupRepo(), { recursive: true });
  render('pgbackrest.conf', join(backupRepo(), 'pgbackrest.conf'), {
    HA_DATA_DIR: dataDir(),
    BACKUP_REPO: backupRepo(),
  });
  mkdirSync(join(dataDir(), 'pgbackrest', 'log'), { recursive: true });
  chownTree(backupRepo(), user);
  chownTree(join(dataDir(), 'pgbackrest'), user);
}

function startPatroni(name) {
  const node = PG_NODES[name];
  const user = postgresUser();
  const nodeDir = join(dataDir(), name);
  mkdirSync(join(nodeDir, 'data'), { recursive: true, mode: 0o700 });
  const config = render('patroni.yml', join(nodeDir, 'patroni.yml'), {
    HA_DATA_DIR: dataDir(),
    ARCHIVE_COMMAND: archiveCommand(),
  });
  chownTree(nodeDir, user);
  spawnSync('chmod', ['0700', join(nodeDir, 'data')]);
  return daemon(name, '/usr/bin/patroni', [config], {
    cwd: nodeDir,
    user,
    env: {
      HOME: nodeDir,
      PATRONI_NAME: name,
      PATRONI_RESTAPI_LISTEN: `127.0.0.1:${node.rest}`,
      PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${node.rest}`,
      PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${node.port}`,
      PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${node.port}`,
      PATRONI_POSTGRESQL_DATA_DIR: join(nodeDir, 'data'),
      PATRONI_POSTGRESQL_PGPASS: join(nodeDir, 'pgpass'),
    },
  });
}

function startRedis(name, replicaOf) {
  const nodeDir = join(dataDir(), name);
  const config = join(nodeDir, 'redis.conf');
  // a node that ran before keeps its (sentinel-rewritten) file: it comes back as whatever the sentinels made it
  if (!existsSync(config)) render('redis.conf', config, {});
  const args = [config, '--port', String(PORTS.redis[name]), '--dir', nodeDir, '--daemonize', 'no'];
  if (replicaOf) args.push('--replicaof', '127.0.0.1', String(replicaOf));
  return daemon(name, '/usr/bin/redis-server', args, { cwd: nodeDir });
}

function startSentinel(index) {
  const name = `sentinel${index + 1}`;
  const nodeDir = join(dataDir(), name);
  const config = join(nodeDir, 'sentinel.conf');
  if (!existsSync(config)) render('sentinel.conf', config, {});
  return daemon(name, '/usr/bin/redis-sentinel', [config, '--port', String(PORTS.sentinels[index])], { cwd: nodeDir });
}

async function refuseBusyPorts() {
  const ports = [
    PORTS.etcd,
    PORTS.etcdPeer,
    PORTS.haproxyPrimary,
    PORTS.haproxyReplicas,
    PORTS.haproxyStats,
    ...Object.values(PORTS.redis),
    ...PORTS.sentinels,
    ...Object.values(PG_NODES).flatMap((n) => [n.port, n.rest]),
  ];
  const busy = [];
  for (const port of ports) if (await tcpOpen(port)) busy.push(port);
  if (busy.length > 0) {
    throw new Error(`Ports ${busy.join(', ')} are in use by something else: stop it, or "npm run ha -- down" first.`);
  }
}

/** `npm run ha -- up`: everything started and ready (a primary with a synchronous standby, a Redis master with its replica). */
export async function up() {
  ensurePackages();
  const state = readState();
  if (Object.values(state).some((pid) => alive(pid))) {
    throw new Error(`A cluster already runs from ${dataDir()}: "npm run ha -- status", or "npm run ha -- down" first.`);
  }
  await refuseBusyPorts();
  rmSync(dataDir(), { recursive: true, force: true });
  mkdirSync(join(dataDir(), 'logs'), { recursive: true });
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

  const etcdConfig = render('etcd.yml', join(dataDir(), 'etcd', 'etcd.yml'), { HA_DATA_DIR: dataDir() });
  daemon('etcd', '/usr/bin/etcd', ['--config-file', etcdConfig], { cwd: join(dataDir(), 'etcd') });
  await waitFor(async () => (await httpJson(PORTS.etcd, '/health')).body?.health === 'true', 'etcd', 30_000);
  log(`etcd up on ${PORTS.etcd} (${seconds()} s)`);

  const user = postgresUser();
  mkdirSync(join(dataDir(), 'sockets'), { recursive: true });
  chownTree(join(dataDir(), 'sockets'), user);
  prepareBackupRepo(user);

  // the first node bootstraps the cluster; the others clone it once it leads (pg_basebackup)
  startPatroni('pg1');
  await waitFor(
    async () => (await httpJson(PG_NODES.pg1.rest, '/primary')).status === 200,
    'pg1 to bootstrap',
    120_000,
  );
  log(`pg1 primary on ${PG_NODES.pg1.port} (${seconds()} s)`);
  // from here on every WAL segment is archived to the repository (npm run backup; infra/ha/backup.mjs)
  const stanza = spawnSync(
    'pgbackrest',
    [`--config=${join(backupRepo(), 'pgbackrest.conf')}`, '--stanza=savings', 'stanza-create'],
    { encoding: 'utf8', uid: user.uid, gid: user.gid, cwd: '/', env: { PATH: process.env.PATH } },
  );
  if (stanza.status !== 0) throw new Error(`pgbackrest stanza-create failed: ${stanza.stderr}${stanza.stdout}`);
  log(`backup repository ${backupRepo()} (pgBackRest stanza "savings", WAL archived continuously)`);
  startPatroni('pg2');
  startPatroni('pg3');
  daemon(
    'haproxy',
    '/usr/sbin/haproxy',
    ['-db', '-f', render('haproxy.cfg', join(dataDir(), 'haproxy', 'haproxy.cfg'), {})],
    {
      cwd: join(dataDir(), 'haproxy'),
    },
  );

  startRedis('redis1', null);
  startRedis('redis2', PORTS.redis.redis1);
  await waitFor(async () => redisCli(PORTS.redis.redis1, 'ping') === 'PONG', 'redis1', 30_000);
  PORTS.sentinels.forEach((_, index) => startSentinel(index));

  await waitFor(
    async () => {
      const { leader, syncStandby, members } = await roles();
      // Patroni 3.0 says "running" of a standby that replicates (later versions "streaming")
      const streaming = members.filter((m) => m.role !== 'leader' && ['streaming', 'running'].includes(m.state));
      return leader && syncStandby && streaming.length === 2;
    },
    'pg2 and pg3 to stream from the primary, one of them synchronous',
    180_000,
  );
  log(`pg2 and pg3 replicating, one synchronous (${seconds()} s)`);
  await waitFor(async () => tcpOpen(PORTS.haproxyPrimary), 'HAProxy', 30_000);
  await waitFor(() => primaryAnswers(), 'the primary through HAProxy', 60_000);
  await waitFor(
    async () => {
      const replicas = redisCli(PORTS.sentinels[0], 'sentinel', 'replicas', SENTINEL_NAME) ?? '';
      const sentinels = redisCli(PORTS.sentinels[0], 'sentinel', 'sentinels', SENTINEL_NAME) ?? '';
      return replicas.includes(String(PORTS.redis.redis2)) && (sentinels.match(/^name$/gm) ?? []).length >= 2;
    },
    'the sentinels to see the Redis replica and each other',
    60_000,
  );
  log(
    `Redis master on ${PORTS.redis.redis1}, replica on ${PORTS.redis.redis2}, sentinels on ${PORTS.sentinels.join(', ')} (${seconds()} s)`,
  );
  return { seconds: Number(seconds()), env: appEnv() };
}

/** A query through HAProxy's write endpoint that only a primary can answer true to. */
export async function primaryAnswers() {
  const result = spawnSync(
    'psql',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(PORTS.haproxyPrimary),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-Atc',
      'select not pg_is_in_recovery()',
    ],
    { encoding: 'utf8', timeout: 5000, env: { ...process.env, PGCONNECT_TIMEOUT: '3' } },
  );
  return result.stdout?.trim() === 't';
}

// ---------------------------------------------------------------------------------------------------
// Faults and operations

/** Kills a node as a lost machine: its Patroni and every PostgreSQL process of its data folder, together. */
function killPgNode(name) {
  const state = readState();
  const pids = [state[name], ...processesUnder(join(dataDir(), name))].filter(Boolean);
  killAll([...new Set(pids)], 'SIGKILL');
  return pids;
}

/** `npm run ha -- kill-primary`: SIGKILLs the primary's Patroni and its PostgreSQL together. */
export async function killPrimary() {
  const { leader } = await roles();
  if (!leader) throw new Error('There is no primary to kill (see "npm run ha -- status").');
  killPgNode(leader);
  const at = new Date().toISOString();
  await waitFor(async () => !(await tcpOpen(PG_NODES[leader].port)), `${leader} to stop`, 10_000);
  return { killed: leader, at };
}

/** `npm run ha -- restart-node NAME`: a lost node back (a PostgreSQL node rejoins as a standby). */
export async function restartNode(name) {
  if (PG_NODES[name]) {
    if (alive(readState()[name])) throw new Error(`${name} is running.`);
    killPgNode(name); // leftovers of the lost machine, if any
    startPatroni(name);
    await waitFor(
      async () => (await roles()).members.some((m) => m.name === name && ['streaming', 'running'].includes(m.state)),
      `${name} to rejoin`,
      180_000,
    );
    return { restarted: name, role: (await roles()).members.find((m) => m.name === name)?.role ?? null };
  }
  if (PORTS.redis[name]) {
    if (alive(readState()[name])) throw new Error(`${name} is running.`);
    // it comes back as a replica of whichever node the sentinels made master meanwhile, never as a second master
    const master = redisMaster();
    startRedis(name, master && master.name !== name ? Number(master.address.split(':')[1]) : null);
    await waitFor(async () => redisCli(PORTS.redis[name], 'ping') === 'PONG', name, 30_000);
    return { restarted: name };
  }
  throw new Error(
    `Unknown node "${name}": one of ${[...Object.keys(PG_NODES), ...Object.keys(PORTS.redis)].join(', ')}.`,
  );
}

/** `npm run ha -- kill-redis-master`: SIGKILLs the Redis master the sentinels name. */
export async function killRedisMaster() {
  const master = redisMaster();
  if (!master?.name) throw new Error('No Redis master is known to the sentinels (see "npm run ha -- status").');
  killAll([readState()[master.name], ...processesUnder(join(dataDir(), master.name))].filter(Boolean));
  return { killed: master.name, at: new Date().toISOString() };
}

/** `npm run ha -- switchover`: Patroni's planned switchover to the synchronous standby. */
export async function switchover() {
  const { leader, syncStandby } = await roles();
  if (!leader || !syncStandby)
    throw new Error('A switchover needs a primary and a synchronous standby (see "npm run ha -- status").');
  const response = await fetch(`http://127.0.0.1:${PG_NODES[leader].rest}/switchover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leader, candidate: syncStandby }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`Patroni refused the switchover (${response.status}): ${text}`);
  const at = new Date().toISOString();
  await waitFor(async () => (await roles()).leader === syncStandby, `${syncStandby} to lead`, 60_000);
  return { from: leader, to: syncStandby, at };
}

/** `npm run ha -- down`: every process of the cluster killed, its data folder removed. Safe to repeat. */
export async function down() {
  const folder = dataDir();
  if (!existsSync(folder)) return { removed: false };
  const noted = Object.values(readState()).filter(Boolean);
  for (let round = 0; round < 20; round += 1) {
    const pids = [...new Set([...noted.filter(alive), ...processesUnder(folder)])];
    if (pids.length === 0) break;
    killAll(pids, 'SIGKILL');
    await sleep(250);
  }
  const left = processesUnder(folder);
  if (left.length > 0) throw new Error(`Processes ${left.join(', ')} of the cluster would not die.`);
  rmSync(folder, { recursive: true, force: true });
  return { removed: true };
}

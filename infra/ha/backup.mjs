// Backups and point-in-time restore with pgBackRest (api-contract.md section 16), driven by
// `npm run backup -- now [--full] | list | restore --to ISO --port P` (tools/backup.mjs) and by
// `npm run test:restore`. The repository folder (BACKUP_REPO) holds pgBackRest's files and its
// configuration (pgbackrest.conf, written by `npm run ha -- up` from infra/ha/pgbackrest.conf); pgBackRest
// always runs as the postgres user, as PostgreSQL's own archive_command does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { PG_BIN, PORTS, backupRepo, dataDir, noteProcess, postgresUser, processesUnder } from './cluster.mjs';

export const STANZA = 'savings';

export const backupConfig = () => join(backupRepo(), 'pgbackrest.conf');

function asPostgres() {
  return process.getuid?.() === 0 ? postgresUser() : {};
}

/** One pgBackRest command on the stanza, as postgres; throws its own message when it fails. */
export function pgbackrest(args, { allowFailure = false } = {}) {
  if (!existsSync(backupConfig())) {
    throw new Error(
      `No backup repository at ${backupRepo()} (no pgbackrest.conf there): "npm run ha -- up" creates one for the cluster; set BACKUP_REPO to another.`,
    );
  }
  const result = spawnSync('pgbackrest', [`--config=${backupConfig()}`, `--stanza=${STANZA}`, ...args], {
    encoding: 'utf8',
    ...asPostgres(),
    cwd: '/',
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
  });
  if (result.status !== 0 && !allowFailure) {
    const message = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ');
    throw new Error(`pgbackrest ${args.join(' ')} failed: ${message}`);
  }
  return result;
}

/** psql against one server; the first column of each row. */
export function psql(port, sql, database = 'postgres') {
  const result = spawnSync(
    'psql',
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-Atqc', sql],
    { encoding: 'utf8', timeout: 15_000, env: { ...process.env, PGCONNECT_TIMEOUT: '3' } },
  );
  if (result.status !== 0) throw new Error(`psql on ${port}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** `npm run backup -- now [--full]`: a full backup, or a differential one on the latest full (a full when there is none). */
export function backupNow({ full = false } = {}) {
  const started = Date.now();
  pgbackrest(['backup', `--type=${full ? 'full' : 'diff'}`]);
  const backups = list().backups;
  return { ...backups[backups.length - 1], seconds: (Date.now() - started) / 1000 };
}

/** The instant WAL was last archived by the primary (so restorable up to it), or null when no server answers. */
function lastArchived() {
  try {
    const at = psql(PORTS.haproxyPrimary, 'select last_archived_time from pg_stat_archiver');
    return at ? new Date(at).toISOString() : null;
  } catch {
    return null;
  }
}

/**
 * `npm run backup -- list`: each backup (type, when, sizes) and the restorable window: from the end of the
 * oldest backup to the last WAL archived (a restore to an instant needs a backup before it and the WAL up to it).
 */
export function list() {
  const result = pgbackrest(['info', '--output=json']);
  const [stanza] = JSON.parse(result.stdout);
  const backups = (stanza?.backup ?? []).map((b) => ({
    label: b.label,
    type: b.type,
    startedAt: new Date(b.timestamp.start * 1000).toISOString(),
    finishedAt: new Date(b.timestamp.stop * 1000).toISOString(),
    databaseBytes: b.info.size,
    repositoryBytes: b.info.repository.delta,
    reference: b.reference ?? [],
  }));
  const oldest = backups[0]?.finishedAt ?? null;
  const newest = backups[backups.length - 1]?.finishedAt ?? null;
  const archived = lastArchived();
  const until = archived && newest && archived > newest ? archived : newest;
  return { repository: backupRepo(), backups, window: oldest ? { from: oldest, until } : null };
}

function tcpOpen(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * `npm run backup -- restore --to ISO --port P`: a new PostgreSQL on port P (data under the cluster's data
 * folder, restore-P), restored from the repository to the instant `to` (the last transaction committed at
 * or before it is the last one kept), promoted, started and ready to read. An instant outside the window is
 * refused with a sentence saying the window. The running cluster is not touched.
 */
export async function restore({ to, port }) {
  const target = new Date(to);
  if (!to || Number.isNaN(target.getTime()))
    throw new Error(`--to must be an instant such as 2026-11-27T17:00:00Z (got "${to}").`);
  if (!Number.isInteger(port) || port < 1024 || port > 65535)
    throw new Error(`--port must be a free port number (got "${port}").`);
  if (await tcpOpen(port)) throw new Error(`Port ${port} is in use: choose another for the restored cluster.`);
  // WAL written up to now is archived first (pgBackRest's check switches to a new segment and waits for it)
  pgbackrest(['check'], { allowFailure: true });
  const { window } = list();
  const iso = target.toISOString();
  if (!window || iso < window.from || (window.until && iso > window.until)) {
    throw new Error(
      window
        ? `Cannot restore to ${iso}: the restorable window is ${window.from} to ${window.until} (npm run backup -- list).`
        : `Cannot restore to ${iso}: the repository ${backupRepo()} holds no backup yet (npm run backup -- now).`,
    );
  }
  const started = Date.now();
  const home = join(dataDir(), `restore-${port}`);
  const data = join(home, 'data');
  if (existsSync(home))
    throw new Error(`${home} exists: a restore on port ${port} was made before ("npm run ha -- down" removes it).`);
  const owner = postgresUser();
  mkdirSync(home, { recursive: true });
  spawnSync('chown', [`${owner.uid}:${owner.gid}`, home]);
  try {
    return await restoreInto(home, data, iso, port, started);
  } catch (error) {
    removeRestore(port);
    throw error;
  }
}

async function restoreInto(home, data, iso, port, started) {
  const user = postgresUser();
  pgbackrest([
    'restore',
    `--pg1-path=${data}`,
    '--type=time',
    // pgBackRest's own format: 'YYYY-MM-DD HH:MM:SS.mmm+00'
    `--target=${iso.replace('T', ' ').replace('Z', '+00')}`,
    '--target-action=promote',
    '--target-timeline=latest',
    // the restored cluster archives nothing into the repository it came from
    '--archive-mode=off',
  ]);
  // the node's own settings name its port, its sockets, its standbys and its pg_hba path: a restored copy gets its own
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${home}`,
    `-c hba_file=${data}/pg_hba.conf`,
    `-c ident_file=${data}/pg_ident.conf`,
    "-c synchronous_standby_names=''",
    '-c archive_mode=off',
    '-c cluster_name=restore',
  ].join(' ');
  const log = join(home, 'postgres.log');
  const pgCtl = spawnSync(join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', '-t', '600', 'start'], {
    encoding: 'utf8',
    cwd: home,
    uid: user.uid,
    gid: user.gid,
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
  });
  if (pgCtl.status !== 0) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-5).join(' ') : '';
    throw new Error(`The restored PostgreSQL did not start: ${pgCtl.stderr.trim()} ${tail}`);
  }
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  noteProcess(`restore-${port}`, postmaster);
  // promoted at the target: ready to read (and to write) once recovery has ended
  for (;;) {
    try {
      if (psql(port, 'select not pg_is_in_recovery()') === 't') break;
    } catch {
      // still starting
    }
    if (Date.now() - started > 600_000)
      throw new Error(`The restored PostgreSQL on ${port} did not finish recovery (log: ${log}).`);
    await sleep(250);
  }
  return {
    restoredTo: iso,
    port,
    dataDir: data,
    databaseUrl: `postgresql://postgres@127.0.0.1:${port}/savings`,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Stops a restored cluster (its processes only) and removes its folder. */
export function removeRestore(port) {
  const home = join(dataDir(), `restore-${port}`);
  for (const pid of processesUnder(home)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  spawnSync('rm', ['-rf', home]);
}

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stanza every repository of this platform names (infra/ha/pgbackrest.conf). */
export const BACKUP_STANZA = 'savings';
/** A full backup is taken when the newest one is older than this; differential ones otherwise. */
export const FULL_BACKUP_EVERY_DAYS = 7;

export type BackupType = 'full' | 'diff' | 'incr';

export interface BackupEntry {
  label: string;
  type: BackupType;
  finishedAt: Date;
}

/**
 * What the scheduled backup takes: a full one when there is none or the newest is older than
 * FULL_BACKUP_EVERY_DAYS (the retention keeps two fulls, so the window reaches back one to two weeks),
 * else a differential one (what changed since that full).
 */
export function nextBackupType(backups: BackupEntry[], now: Date): 'full' | 'diff' {
  const fulls = backups.filter((backup) => backup.type === 'full');
  const newest = fulls.reduce<number>((latest, backup) => Math.max(latest, backup.finishedAt.getTime()), -Infinity);
  return now.getTime() - newest >= FULL_BACKUP_EVERY_DAYS * 86_400_000 ? 'full' : 'diff';
}

/** pgBackRest's `info --output=json` of the stanza, as entries. */
export function parseBackupInfo(json: string): BackupEntry[] {
  const [stanza] = JSON.parse(json) as {
    backup?: { label: string; type: BackupType; timestamp: { stop: number } }[];
  }[];
  return (stanza?.backup ?? []).map((backup) => ({
    label: backup.label,
    type: backup.type,
    finishedAt: new Date(backup.timestamp.stop * 1000),
  }));
}

/** The postgres account, which pgBackRest runs as (it reads PostgreSQL's files and writes the repository). */
function postgresAccount(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) return {};
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** One pgBackRest command on the repository's stanza (its pgbackrest.conf); its output, or its last lines as the error. */
export function pgbackrest(repo: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'pgbackrest',
      [`--config=${join(repo, 'pgbackrest.conf')}`, `--stanza=${BACKUP_STANZA}`, ...args],
      { ...postgresAccount(), cwd: '/', maxBuffer: 16 * 1024 * 1024, env: { PATH: process.env.PATH, LANG: 'C.UTF-8' } },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const said = `${stderr}${stdout}`.trim().split('\n').slice(-2).join(' ');
        reject(new Error(`pgbackrest ${args[0]} failed: ${said || error.message}`));
      },
    );
  });
}

export interface BackupTaken {
  type: 'full' | 'diff';
  label: string;
  seconds: number;
}

/** The scheduled backup (the worker's `backups` queue): full or differential by nextBackupType. */
export async function takeScheduledBackup(repo: string, now = new Date()): Promise<BackupTaken> {
  const type = nextBackupType(parseBackupInfo(await pgbackrest(repo, ['info', '--output=json'])), now);
  const started = Date.now();
  await pgbackrest(repo, ['backup', `--type=${type}`]);
  const after = parseBackupInfo(await pgbackrest(repo, ['info', '--output=json']));
  return { type, label: after[after.length - 1]?.label ?? '', seconds: (Date.now() - started) / 1000 };
}

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../stress/chaos-stack';

/**
 * The HA suite drives the cluster through the same commands a person types (`npm run ha -- ...`, i.e.
 * tools/ha.mjs), and notes what it started so that its global teardown removes it whatever happens.
 */
export const HA_SUITE_MARKER = join(tmpdir(), 'savings-ha-suite.json');
/** The figures line's numbers, printed by tools/test.mjs once the suite passed. */
export const HA_FIGURES_FILE = join(tmpdir(), 'savings-ha-figures.json');

export interface SuiteMarker {
  /** the suite ran `up`: its teardown runs `down` */
  cluster: boolean;
  /** API and worker processes the suite started */
  pids: number[];
}

export function readMarker(): SuiteMarker {
  if (!existsSync(HA_SUITE_MARKER)) return { cluster: false, pids: [] };
  return JSON.parse(readFileSync(HA_SUITE_MARKER, 'utf8')) as SuiteMarker;
}

export function note(change: Partial<SuiteMarker>): void {
  const marker = readMarker();
  writeFileSync(
    HA_SUITE_MARKER,
    JSON.stringify({ cluster: change.cluster ?? marker.cluster, pids: [...marker.pids, ...(change.pids ?? [])] }),
  );
}

/** `npm run ha -- <args>` without blocking this process (traffic keeps flowing meanwhile). */
export function ha<T = unknown>(...args: string[]): Promise<T> {
  const child = spawn(process.execPath, [join(repoRoot, 'tools/ha.mjs'), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`npm run ha -- ${args.join(' ')} failed (${code}): ${err}${out}`));
      try {
        resolve((args[0] === 'up' ? out : JSON.parse(out)) as T);
      } catch {
        reject(new Error(`npm run ha -- ${args.join(' ')} printed no JSON: ${out}`));
      }
    }),
  );
}

export interface ClusterStatus {
  backupRepo: string;
  primary: string | null;
  synchronousStandby: string | null;
  redisMaster: string | null;
  env: Record<string, string>;
}

/** The leader as Patroni's REST API says it, asked of each node directly (cheap enough to poll). */
export async function currentLeader(): Promise<string | null> {
  for (const port of [8441, 8442, 8443]) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/cluster`, { signal: AbortSignal.timeout(1000) });
      const body = (await response.json()) as { members: { name: string; role: string; state: string }[] };
      const leader = body.members.find((m) => m.role === 'leader' && m.state === 'running');
      if (leader) return leader.name;
    } catch {
      // that node is down
    }
  }
  return null;
}

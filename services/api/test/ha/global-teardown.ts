import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

/** As ha-cluster.ts's HA_SUITE_MARKER (not imported: that module loads the chaos stack, hence the application). */
const MARKER = join(tmpdir(), 'savings-ha-suite.json');
const repoRoot = resolve(__dirname, '../../../..');

/**
 * After `npm run test:ha`, whatever its outcome: the API and worker processes the suite started are
 * killed (by the process ids it noted, when they still run this repository's code), and the cluster it
 * brought up is taken down (`npm run ha -- down`: its processes killed, its data folder removed). A
 * cluster the suite found running is not its own: the suite refuses to start on it, and it is left alone.
 */
export default function globalTeardown(): void {
  if (!existsSync(MARKER)) return;
  const marker = JSON.parse(readFileSync(MARKER, 'utf8')) as { cluster: boolean; pids: number[] };
  for (const pid of marker.pids) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`${repoRoot}/services/`)) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (marker.cluster) {
    const result = spawnSync(process.execPath, [join(repoRoot, 'tools/ha.mjs'), 'down'], { encoding: 'utf8' });
    if (result.status !== 0) process.stderr.write(`npm run ha -- down failed: ${result.stderr}\n`);
  }
  rmSync(MARKER, { force: true });
}

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHAOS_REDIS_PORT = String(Number(process.env.CHAOS_REDIS_PORT ?? 6390));
/** As chaos-stack.ts's CHAOS_REDIS_MARKER (not imported: that module loads the whole application). */
const MARKER = join(tmpdir(), `savings-chaos-redis-${CHAOS_REDIS_PORT}.pid`);

/**
 * After the chaos suite, whatever its outcome: the redis-server the suite started (daemonized, so it
 * outlived the suite) is shut down, so a test run leaves no process behind. Only the server whose
 * process id the suite noted is addressed: one it found running belongs to someone else, and the
 * shared Redis on 6379 is never touched.
 */
export default function globalTeardown(): void {
  if (!existsSync(MARKER)) return;
  const started = readFileSync(MARKER, 'utf8').trim();
  rmSync(MARKER, { force: true });
  const info = spawnSync('redis-cli', ['-p', CHAOS_REDIS_PORT, 'info', 'server'], { encoding: 'utf8' });
  const running = /^process_id:(\d+)/m.exec(info.stdout ?? '')?.[1];
  if (running === started) spawnSync('redis-cli', ['-p', CHAOS_REDIS_PORT, 'shutdown', 'nosave']);
}

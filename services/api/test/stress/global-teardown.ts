import { spawnSync } from 'node:child_process';

const CHAOS_REDIS_PORT = String(Number(process.env.CHAOS_REDIS_PORT ?? 6390));

/**
 * After the chaos suite, whatever its outcome: its own redis-server (port 6390 by default, started by
 * the suites with --daemonize, so it outlived them) is shut down, so a test run leaves no process
 * behind. Only that port is addressed; the shared Redis on 6379 is never touched.
 */
export default function globalTeardown(): void {
  const ping = spawnSync('redis-cli', ['-p', CHAOS_REDIS_PORT, 'ping'], { encoding: 'utf8' });
  if (ping.stdout?.trim() === 'PONG') spawnSync('redis-cli', ['-p', CHAOS_REDIS_PORT, 'shutdown', 'nosave']);
}

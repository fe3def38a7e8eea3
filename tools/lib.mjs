// Helpers shared by the root scripts (start, test, cli). Plain Node, no dependencies: they run before
// anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m▸\x1b[0m ${message}\n`);
}

/** Runs a command in the repository root, inheriting the terminal; throws on a non-zero exit. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  if (result.status !== 0) {
    const error = new Error(`"${command} ${args.join(' ')}" failed with exit code ${result.status}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds every project that changed (Nx caches the rest). */
export function ensureBuilt(projects) {
  const args = ['nx', 'run-many', '-t', 'build', '--output-style=static'];
  if (projects) args.push(`--projects=${projects.join(',')}`);
  const result = spawnSync('npx', args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error('The build failed (output above).');
  }
}

/** Starts a long-running child with inherited output; resolves its exit code. */
export function start(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const exited = new Promise((resolveExit) =>
    child.on('exit', (code, signal) => resolveExit(code ?? (signal ? 1 : 0))),
  );
  return { child, exited };
}

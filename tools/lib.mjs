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

/**
 * What to do about the Chromium the browser tests drive: nothing when it is there; install Debian's
 * package (as .ci/run does) when it is the default path, apt-get exists and we are root; else stop with
 * the command to run. CHROMIUM_PATH names another browser, which is never installed for you.
 */
export function chromiumPlan({ path, custom, hasFile, isRoot, hasAptGet }) {
  if (hasFile(path)) return 'present';
  if (!custom && isRoot && hasAptGet) return 'install';
  return 'missing';
}

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Makes sure Chromium is there for the browser tests, installing Debian's when it can. */
export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  const plan = chromiumPlan({
    path,
    custom: process.env.CHROMIUM_PATH !== undefined && process.env.CHROMIUM_PATH !== DEFAULT_CHROMIUM,
    hasFile: existsSync,
    isRoot: process.getuid?.() === 0,
    hasAptGet: spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0,
  });
  if (plan === 'present') return;
  if (plan === 'install') {
    log('Installing Chromium for the browser tests (apt-get install chromium)…');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return;
  }
  throw Object.assign(
    new Error(`Chromium is missing at ${path}: apt-get install -y chromium (as root), or set CHROMIUM_PATH.`),
    { exitCode: 1 },
  );
}

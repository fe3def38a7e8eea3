import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

export const repoRoot = resolve(__dirname, '../../..');
// keyed by port, so two checkouts running browser tests at once do not mix their stacks
const stateLink = join(tmpdir(), `savings-browser-stack-${process.env.BROWSER_TEST_PORT ?? 3917}.json`);

export interface StackState {
  baseUrl: string;
  databaseUrl: string;
  pids: number[];
}

export const browserDatabaseUrl =
  process.env.BROWSER_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings_browser_test';

export function stackEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: browserDatabaseUrl,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port},http://localhost:${port}`,
    QUEUE_PREFIX: `browser-test-${port}`,
    LOG_LEVEL: process.env.STACK_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: join(repoRoot, 'web/dist'),
    // the browser tests open many accounts from 127.0.0.1
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    // four eyes from 20,000: the journey's 10,000 deposit is one admin's, approvals.e2e-spec's 25,000 needs two
    FOUR_EYES_THRESHOLD: '20000',
  };
}

export function startProcess(script: string, env: NodeJS.ProcessEnv, logName: string): ChildProcess {
  const logDir = join(repoRoot, 'web/e2e/artifacts');
  mkdirSync(logDir, { recursive: true });
  const child = spawn(process.execPath, [join(repoRoot, script)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.on('exit', () => writeFileSync(join(logDir, `${logName}.log`), Buffer.concat(chunks)));
  return child;
}

export async function waitForHealth(baseUrl: string, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`The API did not become healthy at ${baseUrl} within ${timeoutMs} ms`);
}

export function assertBuilt(): void {
  for (const path of ['web/dist/index.html', 'services/api/dist/main.js', 'services/worker/dist/main.js']) {
    if (!existsSync(join(repoRoot, path))) {
      throw new Error(`${path} is missing: run "npm run build" before the browser tests (npm test does).`);
    }
  }
}

export function saveState(state: StackState): void {
  writeFileSync(stateLink, JSON.stringify(state));
}

export function loadState(): StackState {
  return JSON.parse(readFileSync(stateLink, 'utf8')) as StackState;
}

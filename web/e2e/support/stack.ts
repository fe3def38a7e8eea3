import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
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
  /** the mail catcher's web address: its JSON API (/api/email) lists every mail the stack sent */
  mailInboxUrl: string;
}

export const browserDatabaseUrl =
  process.env.BROWSER_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/savings_browser_test';

/** The stack's environment; `smtpUrl` (the mail catcher) for the processes that send mail. */
export function stackEnv(port: number, smtpUrl?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    MAIL_RELAY_INTERVAL_MS: '250',
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

export function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  logName: string,
  args: string[] = [],
): ChildProcess {
  const logDir = join(repoRoot, 'web/e2e/artifacts');
  mkdirSync(logDir, { recursive: true });
  const child = spawn(process.execPath, [join(repoRoot, script), ...args], {
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

/** A free local port, handed out by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The mail catcher npm start runs (maildev) on free ports, so the browser tests read the mail the
 * stack really sent over SMTP.
 */
export async function startMailCatcher(): Promise<{ child: ChildProcess; smtpUrl: string; inboxUrl: string }> {
  const smtpPort = await freePort();
  const webPort = await freePort();
  const child = startProcess('node_modules/maildev/dist/bin/maildev.js', { ...process.env }, 'maildev', [
    '--smtp',
    String(smtpPort),
    '--web',
    String(webPort),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
    '--silent',
  ]);
  const inboxUrl = `http://127.0.0.1:${webPort}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    try {
      if ((await fetch(`${inboxUrl}/api/email`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('The mail catcher did not start within 30 s');
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  return { child, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl };
}

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { request, type APIRequestContext, type BrowserContext } from 'playwright-core';
import { loadState, repoRoot, stackEnv } from './support/stack';

/** Helpers shared by the investor and admin browser journeys: the CLI and API sessions on the test stack. */

function stackPort(): number {
  return Number(new URL(loadState().baseUrl).port);
}

/** Runs the built command line against the browser-test stack's database and queues. */
export function runCli(...args: string[]): string {
  return execFileSync(process.execPath, [join(repoRoot, 'services/cli/dist/main.js'), ...args], {
    env: stackEnv(stackPort()),
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60000,
  });
}

export function unique(prefix: string): { name: string; email: string } {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { name: `${prefix} ${tag}`, email: `${prefix.toLowerCase().replace(/\W+/g, '')}${tag}@example.com` };
}

/** An admin account made with `admin:create`, and an API session signed in as it. */
export async function createAdminSession(): Promise<{
  api: APIRequestContext;
  email: string;
  password: string;
  name: string;
}> {
  const { name, email } = unique('Admin');
  const password = 'admin-secret-123';
  runCli('admin:create', '--email', email, '--password', password, '--name', name, '--role', 'admin');
  const api = await request.newContext({ baseURL: loadState().baseUrl });
  await expectOk(api.post('/api/auth/login', { data: { email, password } }));
  return { api, email, password, name };
}

/** Registers a customer in a browser context: the API shares the context's cookies, so the page is signed in. */
export async function registerInContext(
  context: BrowserContext,
  prefix = 'Investor',
): Promise<{ name: string; email: string; password: string }> {
  const { name, email } = unique(prefix);
  const password = 'investor-secret-1';
  await expectOk(context.request.post('/api/auth/register', { data: { name, email, password } }));
  return { name, email, password };
}

export async function expectOk<T = unknown>(
  pending: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>,
): Promise<T> {
  const response = await pending;
  if (!response.ok()) throw new Error(`HTTP ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function idempotencyHeaders(): Record<string, string> {
  return { 'Idempotency-Key': crypto.randomUUID() };
}

/**
 * Tomorrow's date (UTC, the stack's APP_TIMEZONE) as YYYY-MM-DD: an accrual date whose credit instant
 * (10:00) is after every deposit the test makes now. Today's would credit nothing after 10:00, since
 * interest is on the balance as it stood at that instant.
 */
export function tomorrowUtc(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

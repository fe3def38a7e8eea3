import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';
import { browserDatabaseUrl, loadState, repoRoot, stackEnv } from './support/stack';

/**
 * The whole life of one investor in Chromium against the built stack (API serving the built web app,
 * the worker, PostgreSQL, Redis): landing page in two languages and the calculator, registration, a
 * deposit request confirmed by an admin, three days of interest through the jobs command, banking
 * details and a withdrawal approved by the admin and paid out by the monthly job, then `ledger verify`.
 * The steps share one page and depend on each other, so they run in order in one test.
 */

// one long test through a real browser and three CLI runs on a shared machine
jest.setTimeout(300_000);

const DEPOSIT = '10000';
const WITHDRAWAL = '1000';

function cli(args: string[]): { status: number; output: string } {
  const port = Number(new URL(loadState().baseUrl).port);
  const result = spawnSync(process.execPath, [join(repoRoot, 'services/cli/dist/main.js'), ...args], {
    env: { ...stackEnv(port), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

function cliOk(args: string[]): string {
  const { status, output } = cli(args);
  if (status !== 0) throw new Error(`cli ${args.join(' ')} exited ${status}:\n${output}`);
  return output;
}

/** The admin's calls go through the API with a real session, as the back office would make them. */
class AdminClient {
  private cookie = '';

  async signIn(email: string, password: string): Promise<void> {
    const response = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    this.cookie = (response.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0];
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { cookie: this.cookie, origin: baseUrl(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first accrual date whose 10:00 (UTC, the stack's zone) is still ahead and that no run has closed yet. */
async function firstOpenAccrualDate(): Promise<string> {
  const client = new Client({ connectionString: browserDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ last: string | null }>(
      "select max(accrual_date)::text as last from interest_runs where status = 'completed'",
    );
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const nextTen = now.getUTCHours() < 10 ? today : addDays(today, 1);
    const afterLast = rows[0].last ? addDays(rows[0].last, 1) : nextTen;
    return afterLast > nextTen ? afterLast : nextTen;
  } finally {
    await client.end();
  }
}

/** Interest in cents with the carry of api-contract.md section 4: 7/365 % a day, remainder in 1/36500 cent. */
function expectedInterest(balanceCents: bigint, days: number): bigint[] {
  const credited: bigint[] = [];
  let balance = balanceCents;
  let carry = 0n;
  for (let day = 0; day < days; day += 1) {
    const owed = balance * 7n + carry;
    credited.push(owed / 36500n);
    carry = owed % 36500n;
    balance += owed / 36500n;
  }
  return credited;
}

const usd = (cents: bigint): string =>
  `$${Number(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;

describe('an investor journey, from the landing page to a paid-out withdrawal', () => {
  let browser: Browser;
  let page: Page;
  const admin = new AdminClient();
  const suffix = randomBytes(3).toString('hex');
  const investor = {
    name: `Journey Investor ${suffix}`,
    email: `journey.${suffix}@example.test`,
    password: 'journey-pass-1',
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    const adminEmail = `journey.admin.${suffix}@example.test`;
    cliOk([
      'admin:create',
      '--email',
      adminEmail,
      '--password',
      'journey-admin-1',
      '--name',
      `Journey Admin ${suffix}`,
      '--role',
      'admin',
    ]);
    await admin.signIn(adminEmail, 'journey-admin-1');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('walks through every step and the ledger proves it', async () => {
    // 1. a visitor reads the landing page in English and Italian and uses the calculator
    await page.goto('/');
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Earn 7% a year');
    await page.getByLabel('Desired monthly pension').fill('5000');
    await page.getByRole('button', { name: 'Calculate Required Capital' }).click();
    await page.getByTestId('retirement-result').waitFor();
    await expect(page.getByTestId('retirement-result').textContent()).resolves.toContain('$857,143');
    await screenshot(page, 'journey-01-landing-en-calculator');
    await page.goto('/it');
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Guadagna il 7%');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('it');
    await screenshot(page, 'journey-02-landing-it');

    // 2. registers
    await page.goto('/auth?mode=register');
    await page.getByLabel('Full name').fill(investor.name);
    await page.getByLabel('Email').fill(investor.email);
    await page.getByLabel('Password').fill(investor.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(investor.name).first().waitFor();
    await screenshot(page, 'journey-03-dashboard-new');

    // 3. requests a deposit
    await page.getByRole('button', { name: 'New Deposit Request' }).click();
    await page.getByLabel('Amount').fill(DEPOSIT);
    await page.getByRole('button', { name: 'Submit Deposit Request' }).click();
    await page.getByText('$10,000').first().waitFor();
    await screenshot(page, 'journey-04-deposit-requested');

    // 4. the admin confirms it
    const { depositRequests } = await admin.call<{
      depositRequests: { id: number; status: string; userEmail: string; amount: number }[];
    }>('GET', '/api/admin/deposit-requests');
    const request = depositRequests.find((r) => r.userEmail === investor.email && r.status === 'pending');
    expect(request?.amount).toBe(10000);
    await admin.call('PATCH', `/api/admin/deposit-requests/${request?.id}/confirm`, { note: 'transfer received' });
    await page.reload();
    await page.getByText('Confirmed').first().waitFor();
    await screenshot(page, 'journey-05-deposit-confirmed');

    // 5. interest for three consecutive days through the jobs command
    const first = await firstOpenAccrualDate();
    const dates = [first, addDays(first, 1), addDays(first, 2)];
    for (const date of dates) {
      const output = cliOk(['jobs', 'daily-interest', '--date', date, '--allow-future']);
      expect(output).toContain(`Interest ${date} completed`);
    }
    const credited = expectedInterest(1_000_000n, 3);
    const afterInterest = 1_000_000n + credited.reduce((a, b) => a + b, 0n);

    // 6. the investor sees the interest history and the new balance
    await page.goto('/interest-history');
    const rows = page.getByRole('table', { name: 'Interest payments' }).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const table = (await page.getByRole('table', { name: 'Interest payments' }).textContent()) ?? '';
    for (const cents of credited) expect(table).toContain(usd(cents));
    await screenshot(page, 'journey-06-interest-history');
    await page.goto('/dashboard');
    await page.getByText(usd(afterInterest)).first().waitFor();

    // 7. saves banking details and requests a withdrawal
    await page.goto('/withdrawal');
    await page.getByLabel('Beneficiary name').fill(investor.name);
    await page.getByLabel('IBAN').fill('GB82WEST12345698765432');
    await page.getByLabel('SWIFT/BIC').fill('NWBKGB2L');
    await page.getByRole('button', { name: 'Save Banking Details' }).click();
    await page.getByText('Banking details updated').first().waitFor();
    await page.getByRole('button', { name: 'New Withdrawal' }).click();
    await page.getByRole('form', { name: 'Request withdrawal' }).getByLabel('Amount').fill(WITHDRAWAL);
    await page.getByRole('button', { name: 'Submit Withdrawal Request' }).click();
    await page.getByText('Pending').first().waitFor();
    await screenshot(page, 'journey-07-withdrawal-requested');

    // 8. the admin approves it; 9. the monthly job on the next 1st pays it out
    const { withdrawals } = await admin.call<{ withdrawals: { id: number; status: string; userEmail: string }[] }>(
      'GET',
      '/api/admin/withdrawals',
    );
    const withdrawal = withdrawals.find((w) => w.userEmail === investor.email && w.status === 'pending');
    expect(withdrawal).toBeDefined();
    await admin.call('PATCH', `/api/admin/withdrawals/${withdrawal?.id}/approve`);
    const last = dates[2];
    const nextFirst = `${addDays(`${last.slice(0, 8)}28`, 7).slice(0, 8)}01`;
    cliOk(['jobs', 'monthly-withdrawals', '--date', nextFirst, '--allow-future']);

    // 10. the investor sees it completed and the balance that is left
    await page.goto('/withdrawal');
    await page.getByText('Completed').first().waitFor();
    await page
      .getByText(usd(afterInterest - 100_000n))
      .first()
      .waitFor();
    await screenshot(page, 'journey-08-withdrawal-completed');

    // 11. the ledger proves every step
    const verify = cli(['ledger', 'verify']);
    expect({ status: verify.status, output: verify.output }).toEqual({ status: 0, output: expect.any(String) });
  });
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { request } from 'playwright-core';
import type { UserResponse } from '@savings/contracts';
import { verifyLogLines } from '@savings/ledger';
import { createAdminSession, expectOk, idempotencyHeaders, registerInContext, runCli, unique } from './admin-support';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };
const month = new Date().toISOString().slice(0, 7);
const year = month.slice(0, 4);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthLabel = `${MONTHS[Number(month.slice(5, 7)) - 1]} ${year}`;

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', WAIT), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), body: readFileSync(path) };
}

let browser: Browser;
let customerId: number;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('statements and the auditor console in Chromium', () => {
  it('an investor opens Statements from the dashboard and downloads the month as PDF and CSV and the certificate', async () => {
    const { context, page } = await newPage(browser);
    await registerInContext(context, 'Statement');
    const me = await expectOk<UserResponse>(context.request.get('/api/auth/me'));
    customerId = me.user.id;
    const admin = await createAdminSession();
    await expectOk(
      admin.api.post('/api/admin/deposits/confirm', {
        data: { userId: customerId, amount: 5000, note: 'wire received' },
        headers: idempotencyHeaders(),
      }),
    );
    await expectOk(
      admin.api.patch(`/api/admin/users/${customerId}/balance`, {
        data: { amount: 250.5, operation: 'subtract', note: 'Комиссия банка' },
        headers: idempotencyHeaders(),
      }),
    );

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Statements' }).click();
    await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor(WAIT);
    const table = page.getByRole('table', { name: 'Monthly statements' });
    const row = table.getByRole('row').filter({ hasText: monthLabel });
    await row.getByText('$4,749.50').waitFor(WAIT);
    await row.getByText('$5,000.00').waitFor(WAIT);
    await row.getByText('$250.50').waitFor(WAIT);
    await screenshot(page, 'statements');

    const pdf = await download(page, () => page.getByRole('link', { name: `PDF statement for ${monthLabel}` }).click());
    expect(pdf.name).toBe(`statement-${month}.pdf`);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await download(page, () => page.getByRole('link', { name: `CSV statement for ${monthLabel}` }).click());
    expect(csv.name).toBe(`statement-${month}.csv`);
    const lines = csv.body.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,type,description,amount,balance_after');
    expect(lines).toContainEqual(
      expect.stringMatching(/,adjustment,Balance adjustment: Комиссия банка,-250\.50,4749\.50$/),
    );
    expect(lines.at(-1)).toMatch(/,closing,Closing balance \(month to date\),,4749\.50$/);
    const certificate = await download(page, () =>
      page.getByRole('link', { name: `Interest certificate ${year}` }).click(),
    );
    expect(certificate.name).toBe(`interest-certificate-${year}.pdf`);
    await admin.api.dispose();
    await context.close();
  });

  it('an auditor runs verify with progress, browses the log, a balance at an instant, statements and admin actions', async () => {
    const { name, email } = unique('Auditor');
    const password = 'auditor-secret-1';
    runCli('admin:create', '--email', email, '--password', password, '--name', name, '--role', 'auditor');
    const { context, page } = await newPage(browser);
    await expectOk(context.request.post('/api/auth/login', { data: { email, password } }));

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit console' }).waitFor(WAIT);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .waitFor({ state: 'detached' });

    // verify in the background, followed to each check's result
    await page.getByRole('button', { name: 'Run verify' }).click();
    await page.getByText('Ledger verified: every check passed.').waitFor({ timeout: 60000 });
    const checks = page.getByRole('table', { name: 'Verify checks' });
    for (const check of [
      'hash chain per stream',
      'sealed blocks',
      'postings sum to zero',
      'replay equals read models',
    ]) {
      await checks.getByRole('row').filter({ hasText: check }).getByText('ok', { exact: true }).waitFor(WAIT);
    }

    // the log, one account's stream, with hashes and blocks (sealed by the verify run)
    await page.getByLabel('Account (user id)').fill(String(customerId));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const log = page.getByRole('table', { name: 'Event log' });
    await log
      .getByRole('row')
      .filter({ hasText: 'BalanceAdjusted' })
      .filter({ hasText: `account-${customerId}` })
      .waitFor(WAIT);
    await expect(log.getByText('not sealed yet').count()).resolves.toBe(0);

    // a balance at an instant: before the account existed, then now
    await page.getByLabel('User id', { exact: true }).fill(String(customerId));
    await page.getByLabel(/As of/).fill('2020-01-01T00:00:00');
    await page.getByRole('button', { name: 'Show balance' }).click();
    await page.getByTestId('balance-at').filter({ hasText: '$0.00' }).waitFor(WAIT);
    await page.getByLabel(/As of/).fill('');
    await page.getByRole('button', { name: 'Show balance' }).click();
    await page.getByTestId('balance-at').filter({ hasText: '$4,749.50' }).waitFor(WAIT);

    // any customer's statement
    await page.getByLabel('Customer (user id)').fill(String(customerId));
    await page.getByRole('button', { name: 'Show statements' }).click();
    const statements = page.getByRole('table', { name: 'Customer statements' });
    await statements.getByText('$4,749.50').waitFor(WAIT);
    const pdf = await download(page, () => statements.getByRole('link', { name: 'PDF' }).first().click());
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // admin actions name the admin and the balances before and after; approvals have their place
    const actions = page.getByRole('table', { name: 'Admin actions' });
    await actions.getByRole('row').filter({ hasText: 'Комиссия банка' }).getByText('$4,749.50').waitFor(WAIT);
    await page.getByRole('heading', { name: 'Approvals' }).waitFor(WAIT);
    await screenshot(page, 'audit-console');

    // the exported log verifies offline
    const exported = await download(page, () =>
      page.getByRole('link', { name: 'Export the log (JSON Lines)' }).click(),
    );
    const report = await verifyLogLines(exported.body.toString('utf8').trimEnd().split('\n'));
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    await context.close();
  });

  it('keeps customers out of the console', async () => {
    const { context, page } = await newPage(browser);
    await registerInContext(context, 'Curious');
    await page.goto('/audit');
    await page.getByRole('heading', { name: 'Admin access required' }).waitFor(WAIT);
    const api = await request.newContext({ baseURL: baseUrl() });
    expect((await api.get('/api/audit/log')).status()).toBe(401);
    await api.dispose();
    await context.close();
  });
});

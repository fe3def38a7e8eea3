import type { Browser } from 'playwright-core';
import type { DashboardResponse, UserResponse } from '@savings/contracts';
import { createAdminSession, expectOk, registerInContext } from './admin-support';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };
const CSV_HEADER = 'booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('bank statements in Chromium', () => {
  it('an admin uploads a statement (picker, then drag and drop), sees the lines matched, and credits one', async () => {
    // a customer whose transfer quotes their reference code (written with spaces and a hyphen, lower case)
    const { context: customer } = await newPage(browser);
    await registerInContext(customer, 'Transfer');
    const me = await expectOk<UserResponse>(customer.request.get('/api/auth/me'));
    const code = me.user.referenceCode;
    const quoted = `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase().replace(' ', '-');
    const tag = `${Date.now()}`;
    const csv = [
      CSV_HEADER,
      `2026-11-20,2500.00,USD,Savings ${quoted},${me.user.name},,E2E-${tag}-1`,
      `2026-11-20,300.00,USD,No reference at all,Someone,,E2E-${tag}-2`,
    ].join('\n');

    const admin = await createAdminSession();
    const { context, page } = await newPage(browser);
    await expectOk(context.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } }));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Bank Statements', level: 2 }).waitFor(WAIT);
    await page.getByText('Drop a camt.053 (XML) or CSV statement here, up to 5 MB').waitFor(WAIT);

    await page.getByLabel('Statement file').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByText('Statement imported').first().waitFor(WAIT);
    const rows = page.getByTestId('statement-entry');
    const matched = rows.filter({ hasText: me.user.name }).filter({ hasText: 'direct deposit' });
    await matched.waitFor(WAIT);
    await rows.filter({ hasText: 'no reference code in the remittance' }).waitFor(WAIT);
    await screenshot(page, 'bank-statements-imported');

    await matched.getByRole('button', { name: 'Credit' }).click();
    await page.getByText('Deposit Confirmed').first().waitFor(WAIT);
    await rows.filter({ hasText: me.user.name }).and(page.locator('[data-status="credited"]')).waitFor(WAIT);
    const dashboard = await expectOk<DashboardResponse>(customer.request.get('/api/user/dashboard'));
    expect(dashboard.user.balance).toBe(2500);

    // the same file dropped onto the zone: nothing new, nothing credited twice
    // runs in the page (the test's own TypeScript has no DOM types)
    const dataTransfer = await page.evaluateHandle((text) => {
      const dom = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const transfer = new dom.DataTransfer();
      transfer.items.add(new dom.File([text], 'statement.csv', { type: 'text/csv' }));
      return transfer;
    }, csv);
    await page.getByTestId('statement-dropzone').dispatchEvent('drop', { dataTransfer });
    await page.getByText('Nothing new in this statement').first().waitFor(WAIT);
    const again = await expectOk<DashboardResponse>(customer.request.get('/api/user/dashboard'));
    expect(again.user.balance).toBe(2500);
    await screenshot(page, 'bank-statements-credited');
    await customer.close();
    await context.close();
    await admin.api.dispose();
  });
});

import type { Browser, Page } from 'playwright-core';
import type { AdminDepositRequestsResponse } from '@savings/contracts';
import {
  createAdminSession,
  expectOk,
  idempotencyHeaders,
  registerInContext,
  runCli,
  tomorrowUtc,
} from './admin-support';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };

async function seeText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor(WAIT);
}

/** Deposit, admin confirmation, banking details, withdrawal and interest, as one investor. */
async function journey(page: Page, investor: { name: string; email: string }): Promise<void> {
  // dashboard: request a deposit
  await page.goto('/dashboard');
  await seeText(page, `Welcome back, ${investor.name}`);
  await seeText(page, 'No deposit requests yet');
  await page.getByRole('button', { name: 'New Deposit Request' }).click();
  await page.getByLabel('Amount').fill('500');
  await page.getByRole('button', { name: 'Submit Deposit Request' }).click();
  await seeText(page, 'Minimum deposit amount is $1,000');
  await page.getByLabel('Amount').fill('5000');
  await page.getByRole('button', { name: 'Submit Deposit Request' }).click();
  await seeText(page, 'Deposit Request Submitted');
  await page.getByTestId('deposit-requests').getByText('$5,000.00').waitFor(WAIT);
  await page.getByTestId('deposit-requests').getByText('Pending').waitFor(WAIT);

  // an admin confirms it through the API
  const admin = await createAdminSession();
  const { depositRequests } = await expectOk<AdminDepositRequestsResponse>(
    admin.api.get('/api/admin/deposit-requests'),
  );
  const mine = depositRequests.find((item) => item.userEmail === investor.email && item.status === 'pending');
  expect(mine?.amount).toBe(5000);
  await expectOk(
    admin.api.patch(`/api/admin/deposit-requests/${mine?.id}/confirm`, {
      data: { note: 'wire received' },
      headers: idempotencyHeaders(),
    }),
  );

  // the balance shows it
  await page.reload();
  await seeText(page, `Welcome back, ${investor.name}`);
  await page.getByTestId('current-balance').filter({ hasText: '$5,000.00' }).waitFor(WAIT);
  await page.getByTestId('deposit-requests').getByText('Confirmed').waitFor(WAIT);
  await page.getByTestId('annual-projection').filter({ hasText: '$350.00' }).waitFor(WAIT);
  await screenshot(page, 'investor-dashboard');

  // banking details, then a withdrawal
  await page.goto('/withdrawal');
  await seeText(page, 'Please save your banking details above before requesting a withdrawal');
  const banking = page.getByRole('form', { name: 'Banking details' });
  await banking.getByLabel('Beneficiary name').fill(investor.name);
  await banking.getByLabel('IBAN').fill('GB82WEST12345698765432');
  await banking.getByLabel('SWIFT/BIC').fill('NWBKGB2L');
  await banking.getByRole('button', { name: 'Save Banking Details' }).click();
  await seeText(page, 'Banking details updated');
  await page
    .getByText('Please save your banking details above before requesting a withdrawal')
    .waitFor({ state: 'detached', ...WAIT });

  await page.getByRole('button', { name: 'New Withdrawal' }).click();
  const withdrawal = page.getByRole('form', { name: 'Request withdrawal' });
  await withdrawal.getByLabel('Amount').fill('6000');
  await withdrawal.getByRole('button', { name: 'Submit Withdrawal Request' }).click();
  await seeText(page, 'Amount cannot exceed your available balance of $5,000.00');
  await withdrawal.getByLabel('Amount').fill('1500');
  await withdrawal.getByRole('button', { name: 'Submit Withdrawal Request' }).click();
  await seeText(page, 'Withdrawal Request Submitted');
  const history = page.getByTestId('withdrawal-history');
  await history.getByText('$1,500.00').waitFor(WAIT);
  await history.getByText('Pending').waitFor(WAIT);
  // the pending withdrawal holds its amount
  await page.getByTestId('available-balance').filter({ hasText: '$3,500.00' }).waitFor(WAIT);
  await screenshot(page, 'investor-withdrawal');

  // interest history after the daily interest job
  await page.goto('/interest-history');
  await seeText(page, 'No interest earnings yet');
  runCli('jobs', 'daily-interest', '--date', tomorrowUtc(), '--allow-future');
  await page.reload();
  await seeText(page, 'Daily Interest Earnings');
  await seeText(page, 'Showing 1 to 1 of 1 payments');
  await seeText(page, 'Page 1 of 1');
  await seeText(page, '0.019178%');
  await page.getByRole('cell', { name: '$5,000.00' }).waitFor(WAIT);
  await seeText(page, 'Paid');
  await screenshot(page, 'investor-interest-history');

  await admin.api.dispose();
}

describe('investor journey in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('deposits, is confirmed by an admin, saves banking details, withdraws and sees interest', async () => {
    const { context, page } = await newPage(browser);
    const investor = await registerInContext(context);
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        void response.text().then((body) => console.log(`${response.status()} ${response.url()} ${body}`));
      }
    });
    try {
      await journey(page, investor);
    } catch (error) {
      await screenshot(page, 'investor-failure');
      throw error;
    }
    await context.close();
  });

  it('sends a signed-out visitor from /dashboard to /auth', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth**', WAIT);
    await context.close();
  });
});

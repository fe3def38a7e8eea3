import type { Browser, Locator, Page } from 'playwright-core';
import { request } from 'playwright-core';
import { createAdminSession, expectOk, idempotencyHeaders, unique } from './admin-support';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };

function userRow(page: Page, email: string): Locator {
  return page.getByTestId('user-row').filter({ hasText: email });
}

/** The users table shows 50 users a page: the server's search brings this customer's row up. */
async function searchUser(page: Page, email: string): Promise<void> {
  await page.getByLabel('Search users').fill(email);
  await userRow(page, email).waitFor(WAIT);
}

async function waitForText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor(WAIT);
}

/** One toast at a time: a new one replaces the one on screen. */
async function seeToast(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor(WAIT);
}

/** A user's action from the row's Actions menu. */
async function userAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('admin journey in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('confirms a deposit request, adds and removes balance, approves a withdrawal', async () => {
    // a customer with a pending deposit request, through the API
    const customer = unique('Customer');
    const customerApi = await request.newContext({ baseURL: baseUrl() });
    await expectOk(
      customerApi.post('/api/auth/register', {
        data: { name: customer.name, email: customer.email, password: 'customer-secret-1' },
      }),
    );
    await expectOk(
      customerApi.post('/api/user/deposit-request', { data: { amount: 3000 }, headers: idempotencyHeaders() }),
    );

    // the admin signs in (the API sets the session cookie of the browser context)
    const admin = await createAdminSession();
    const { context, page } = await newPage(browser);
    await expectOk(context.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } }));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor(WAIT);
    await page.getByText('Manage users and monitor platform activity').waitFor(WAIT);
    await searchUser(page, customer.email);

    // confirm the deposit request
    const request3000 = page.getByTestId('pending-deposit-request').filter({ hasText: customer.email });
    await request3000.waitFor(WAIT);
    await request3000.getByRole('button', { name: 'Confirm' }).click();
    // money moves only once the admin has seen who, how much and the reference
    const confirmDialog = page.getByRole('alertdialog', { name: 'Confirm Deposit Request' });
    await confirmDialog.getByText('$3,000.00').waitFor(WAIT);
    await confirmDialog.getByRole('button', { name: 'Confirm Deposit' }).click();
    await seeToast(page, 'Deposit Request Confirmed');
    await request3000.waitFor({ state: 'detached', ...WAIT });
    await waitForText(userRow(page, customer.email), '$3,000.00');
    const transactions = page.getByTestId('transaction-row').filter({ hasText: customer.name });
    await waitForText(transactions, '$3,000.00');
    await waitForText(transactions, '+ Deposit');

    // add balance
    await userAction(page, customer.name, 'Add Balance');
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('500');
    await dialog.getByRole('button', { name: 'Add Balance' }).click();
    await seeToast(page, 'Balance updated successfully');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await waitForText(userRow(page, customer.email), '$3,500.00');
    await waitForText(transactions, '$500.00');

    // remove balance
    await userAction(page, customer.name, 'Remove Balance');
    dialog = page.getByRole('dialog');
    await dialog.getByText('Available balance: $3,500.00').waitFor(WAIT);
    await dialog.getByLabel('Amount').fill('200');
    await dialog.getByRole('button', { name: 'Remove Balance' }).click();
    await seeToast(page, 'Balance updated successfully');
    await waitForText(userRow(page, customer.email), '$3,300.00');
    await waitForText(transactions, '- Adjustment');
    await waitForText(transactions, '$200.00');

    // the customer saves banking details and requests a withdrawal
    await expectOk(
      customerApi.put('/api/user/banking-details', {
        data: { beneficiaryName: customer.name, iban: 'GB82WEST12345698765432', swift: 'NWBKGB2L' },
      }),
    );
    await expectOk(customerApi.post('/api/user/withdrawal', { data: { amount: 1000 }, headers: idempotencyHeaders() }));

    // the list refetches on window focus and every 30 s; a reload is the quickest way to see it
    await page.reload();
    await searchUser(page, customer.email);
    const withdrawal = page.getByTestId('pending-withdrawal').filter({ hasText: customer.email });
    await withdrawal.waitFor(WAIT);
    await waitForText(withdrawal, '$1,000.00');
    await withdrawal.getByRole('button', { name: 'Approve' }).click();
    const approveDialog = page.getByRole('alertdialog', { name: 'Approve Withdrawal' });
    await approveDialog.getByText('GB82WEST12345698765432').waitFor(WAIT);
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await seeToast(page, 'Withdrawal Approved');
    await withdrawal.waitFor({ state: 'detached', ...WAIT });
    await waitForText(userRow(page, customer.email), '$2,300.00');
    await waitForText(transactions, '$1,000.00');
    await waitForText(transactions, '- Withdrawal');
    await screenshot(page, 'admin-dashboard');

    await customerApi.dispose();
    await admin.api.dispose();
    await context.close();
  });

  it('shows a not-allowed state to a customer', async () => {
    const { context, page } = await newPage(browser);
    const customer = unique('Visitor');
    await expectOk(
      context.request.post('/api/auth/register', {
        data: { name: customer.name, email: customer.email, password: 'customer-secret-1' },
      }),
    );
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin access required' }).waitFor(WAIT);
    await context.close();
  });
});

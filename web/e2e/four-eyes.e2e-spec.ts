import type { Browser, Locator, Page } from 'playwright-core';
import { createAdminSession, expectOk, registerInContext } from './admin-support';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };

/**
 * Four eyes in Chromium (api-contract.md section 9; the stack runs with FOUR_EYES_THRESHOLD=20000):
 * admin A asks for a 25,000 credit, sees it waiting with no Approve button of their own; admin B approves
 * it on /admin; the customer's balance shows it.
 */
describe('four eyes on /admin in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function signInAsAdmin(): Promise<{ page: Page; name: string }> {
    const admin = await createAdminSession();
    const { context, page } = await newPage(browser);
    await expectOk(context.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } }));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor(WAIT);
    return { page, name: admin.name };
  }

  function approvalOf(page: Page, customerName: string): Locator {
    return page.getByTestId('pending-approval').filter({ hasText: customerName });
  }

  it('lets admin A ask for a 25,000 credit and admin B approve it; the customer sees it', async () => {
    const customerSession = await newPage(browser);
    const customer = await registerInContext(customerSession.context, 'Foureyes');

    // admin A asks: the dialog says a second admin is needed, the toast says it waits
    const makerSession = await signInAsAdmin();
    const maker = makerSession.page;
    await maker.getByLabel('Search users').fill(customer.email);
    await maker.getByTestId('user-row').filter({ hasText: customer.email }).waitFor(WAIT);
    await maker.getByRole('button', { name: `Actions for ${customer.name}` }).click();
    await maker.getByRole('menuitem', { name: 'Add Balance' }).click();
    const dialog = maker.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('25000');
    await dialog.getByTestId('second-admin-note').waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Add Balance' }).click();
    await maker.getByText('Waiting for a second admin', { exact: true }).first().waitFor(WAIT);
    const mine = approvalOf(maker, customer.name);
    await mine.waitFor(WAIT);
    await mine.getByText('$25,000.00').waitFor(WAIT);
    await mine.getByText(`Requested by ${makerSession.name}`).waitFor(WAIT);
    await mine.getByText('Waiting for a second admin').waitFor(WAIT);
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(maker, 'four-eyes-01-waiting');

    // nothing moved yet
    await customerSession.page.goto('/dashboard');
    await customerSession.page.getByTestId('current-balance').filter({ hasText: '$0.00' }).waitFor(WAIT);

    // admin B approves on /admin
    const checker = (await signInAsAdmin()).page;
    const theirs = approvalOf(checker, customer.name);
    await theirs.waitFor(WAIT);
    await theirs.getByRole('button', { name: 'Approve' }).click();
    const confirm = checker.getByRole('alertdialog', { name: 'Approve Money Move' });
    await confirm.getByText('$25,000.00').waitFor(WAIT);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await checker.getByText('Money Move Approved', { exact: true }).first().waitFor(WAIT);
    await theirs.waitFor({ state: 'detached', ...WAIT });
    await screenshot(checker, 'four-eyes-02-approved');

    // the customer's balance shows it
    await customerSession.page.reload();
    await customerSession.page.getByTestId('current-balance').filter({ hasText: '$25,000.00' }).waitFor(WAIT);
  });
});

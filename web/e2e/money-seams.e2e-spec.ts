import type { Browser } from 'playwright-core';
import { createAdminSession, expectOk, registerInContext } from './admin-support';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };

/**
 * The seams of issue 31 as people see them in Chromium (api-contract.md section 15): a withdrawal sent
 * back for re-approval because the banking details changed, on the admin screen and on the investor's
 * /withdrawal screen, each saying why.
 */
describe('money that cannot slip between the rules, on screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a withdrawal sent back for re-approval, and why, to the investor and to the admins', async () => {
    const admin = await createAdminSession();
    const investor = await newPage(browser);
    const customer = await registerInContext(investor.context, 'Seams');
    const api = investor.context.request;
    const me = await expectOk<{ user: { id: number } }>(api.get('/api/auth/me'));
    const banking = { beneficiaryName: customer.name, swift: 'DEUTDEFF' };
    await expectOk(api.put('/api/user/banking-details', { data: { ...banking, iban: 'GB82WEST12345698765432' } }));
    await expectOk(admin.api.post('/api/admin/deposits/confirm', { data: { userId: me.user.id, amount: '5000' } }));
    const { withdrawal } = await expectOk<{ withdrawal: { id: number } }>(
      api.post('/api/user/withdrawal', { data: { amount: '1250' } }),
    );
    await expectOk(admin.api.patch(`/api/admin/withdrawals/${withdrawal.id}/approve`));
    // the session saves other details: the approved withdrawal goes back to pending
    await expectOk(api.put('/api/user/banking-details', { data: { ...banking, iban: 'DE89370400440532013000' } }));

    await investor.page.goto('/withdrawal');
    const returned = investor.page.getByTestId('withdrawal-returned');
    await returned.waitFor(WAIT);
    expect(await returned.textContent()).toContain(
      'The banking details changed after this withdrawal was approved, so it needs a new approval. Your money stays held meanwhile.',
    );
    await investor.page.getByTestId('available-balance').filter({ hasText: '$3,750.00' }).waitFor(WAIT);
    await screenshot(investor.page, 'seams-01-investor-withdrawal-returned');

    const staff = await newPage(browser);
    await expectOk(
      staff.context.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } }),
    );
    await staff.page.goto('/admin');
    const entry = staff.page.getByTestId('pending-withdrawal').filter({ hasText: customer.email });
    await entry.waitFor(WAIT);
    const sentBack = entry.getByTestId('sent-back-for-reapproval');
    expect(await sentBack.textContent()).toContain('Sent back for re-approval on');
    expect(await sentBack.textContent()).toContain('The banking details changed after this withdrawal was approved');
    // the cooling-off holds the new approval back, and the screen says until when
    await entry.getByTestId('cooling-off').waitFor(WAIT);
    expect(await entry.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await sentBack.scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'seams-02-admin-sent-back');
  });
});

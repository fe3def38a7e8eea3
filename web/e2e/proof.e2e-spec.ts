import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { BalanceProofResponse, UserResponse } from '@savings/contracts';
import { createAdminSession, expectOk, idempotencyHeaders, registerInContext, runCli } from './admin-support';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Proof of liabilities in Chromium: the dashboard card verifies the customer's path with Web Crypto
 * and says whether it holds; a path tampered with on its way from the API makes it say it does not.
 */
describe('proof of your balance in Chromium', () => {
  it('says the proof holds, downloads it for the offline verifier, and says it fails when the path is tampered with', async () => {
    const { context, page } = await newPage(browser);
    await registerInContext(context, 'Prover');
    const me = await expectOk<UserResponse>(context.request.get('/api/auth/me'));
    const admin = await createAdminSession();
    await expectOk(
      admin.api.post('/api/admin/deposits/confirm', {
        data: { userId: me.user.id, amount: 2500.25, note: 'wire received' },
        headers: idempotencyHeaders(),
      }),
    );
    expect(runCli('ledger', 'proof', 'commit')).toMatch(/^Committed proof of liabilities for \d{4}-\d{2}-\d{2}/);

    await page.goto('/dashboard');
    const card = page.getByTestId('proof-card');
    await card.getByRole('heading', { name: 'Proof of your balance' }).waitFor(WAIT);
    await card
      .getByText(/^✓ The proof holds: your balance of \$2,500\.25 on \d{4}-\d{2}-\d{2} is counted/)
      .waitFor(WAIT);
    await screenshot(page, 'proof-holds');

    const [file] = await Promise.all([
      page.waitForEvent('download', WAIT),
      card.getByRole('link', { name: 'Download the proof' }).click(),
    ]);
    const proof = JSON.parse(readFileSync(await file.path(), 'utf8')) as BalanceProofResponse;
    expect(proof.leaf).toMatchObject({ userId: me.user.id, balanceCents: '250025' });
    const saved = join(tmpdir(), `proof-${process.pid}.json`);
    writeFileSync(saved, JSON.stringify(proof));
    expect(runCli('ledger', 'proof', 'verify', '--file', saved)).toMatch(/^The proof holds/);

    // the API's answer altered in flight: one sibling's sum raised by a cent
    await page.route('**/api/user/proof', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as BalanceProofResponse;
      body.path[0].sum = String(BigInt(body.path[0].sum) + 1n);
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await card.getByText(/^✗ The proof does not hold: /).waitFor(WAIT);
    await screenshot(page, 'proof-fails');
    await context.close();
  });
});

import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(120000);

/** What an authenticator app shows for the secret, `steps` 30-second steps from now (drift allows one). */
function appCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?mode=login');
  await page.getByLabel('Username or Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('two-factor sign-in in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('enrols on /security with the QR code, then signs in with the password and a code', async () => {
    const email = `mfa.${Date.now()}@example.com`;
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=register');
    await page.getByLabel('Full name').fill(`Mfa Person ${Date.now()}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('2. Enter the code the app shows').fill(appCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.nth(3).textContent())?.trim() ?? '';
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In', exact: true }).first().waitFor();

    // the password alone opens nothing
    await signIn(page, email, 'secret-123');
    await page.getByLabel('Authentication code').waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
    // the next step's code: the one that turned it on is spent
    await page.getByLabel('Authentication code').fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200);

    // a recovery code works too, once
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In', exact: true }).first().waitFor();
    await signIn(page, email, 'secret-123');
    await page.getByLabel('Authentication code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/security');
    await page.getByText(/Recovery codes left: 9 of 10/).waitFor();
    await context.close();
  });
});

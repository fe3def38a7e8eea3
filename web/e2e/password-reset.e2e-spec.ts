import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { loadState } from './support/stack';

jest.setTimeout(120000);

interface CaughtMail {
  subject: string;
  text?: string;
  to: { address: string }[];
}

/** The mails the stack sent to `address`, as the mail catcher (maildev) received them over SMTP. */
async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${loadState().mailInboxUrl}/api/email`);
  const mails = (await response.json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address));
}

async function waitForMail(address: string, subject: string): Promise<CaughtMail> {
  const deadline = Date.now() + 60000;
  for (;;) {
    const found = (await mailsTo(address)).find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('[data-scope="toast"][data-part="root"]', { hasText: title }).waitFor({ timeout: 15000 });
}

describe('password reset in Chromium, with the mail read from the catcher', () => {
  let browser: Browser;
  const email = `reset.${Date.now()}@example.com`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('forgot password -> mail -> link -> new password -> sign in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=register');
    await page.getByLabel('Full name').fill(`Reset Tester ${Date.now()}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-secret');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await context.clearCookies();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/auth?mode=forgot');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for this e-mail, we have sent a link to reset its password.').waitFor();

    const mail = await waitForMail(email, 'Reset your password');
    const link = /http:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    // the link names the stack's public origin; open it on the origin the browser uses
    const url = new URL(link as string);
    await page.goto(`${url.pathname}${url.hash}`);
    await page.getByLabel('New password', { exact: true }).fill('second-secret');
    await page.getByLabel('Confirm new password').fill('second-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await toast(page, 'Password reset');
    await page.waitForURL('**/auth?mode=login');

    await page.getByLabel('Username or Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-secret');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await waitForMail(email, 'Your password was changed');
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';

jest.setTimeout(120000);

async function toast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.locator('[data-scope="toast"][data-part="root"]', { hasText: title });
  await region.waitFor({ timeout: 15000 });
  if (description) await region.getByText(description).waitFor();
}

describe('sign-in and registration in Chromium', () => {
  let browser: Browser;
  const email = `e2e.${Date.now()}@example.com`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('names the missing sign-in fields', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Username or email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await context.close();
  });

  it('shows "Sign in failed" with the server message for wrong credentials', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('Username or Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page, 'Sign in failed', 'Invalid credentials');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('asks for every registration field', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=register');
    await page.getByLabel('Full name').fill('Only A Name');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'All fields are required');
    await context.close();
  });

  it('registers, lands on the dashboard signed in, and signs out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=register');
    await page.getByLabel('Full name').fill('Eve Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await toast(page, 'Account created!', 'Welcome, Eve Tester!');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await nav.getByRole('link', { name: 'Withdrawals' }).waitFor();
    await nav.getByRole('link', { name: 'Interest Earnings' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Logged out successfully', 'You have been signed out of your account.');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Sign In', exact: true }).first().waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
    await context.close();
  });

  it('shows "Registration failed" with the server message for a taken e-mail', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=register');
    await page.getByLabel('Full name').fill('Eve Again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration failed');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('signs in with the e-mail and goes to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=login');
    await page.getByLabel('Username or Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await context.close();
  });
});

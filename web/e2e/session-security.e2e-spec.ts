import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';

/** Records every Content-Security-Policy violation the page reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  // a string, so this file needs no DOM typings
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolation(event.violatedDirective + ' ' + event.blockedURI));`,
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

jest.setTimeout(120000);

describe('sign-in and security headers in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('registers through the form under the CSP, with an HttpOnly SameSite=Lax session cookie', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(page);
    const landing = await page.goto('/');
    expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.goto('/auth?mode=register');
    const form = page.locator('form[aria-label="Create account"]');
    await form.locator('input[name="name"]').fill('Browser Person');
    await form.locator('input[name="email"]').fill(`browser${Date.now()}@example.com`);
    await form.locator('input[name="password"]').fill('secret-123');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard', { timeout: 30000 });
    const cookies = await context.cookies();
    const sid = cookies.find((cookie) => cookie.name === 'sid');
    expect(sid).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Lax', secure: false }));
    expect(sid?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 100 * 24 * 3600);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(200);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('serves the API docs under the same CSP', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(page);
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info').first().waitFor({ timeout: 30000 });
    expect(violations).toEqual([]);
    await context.close();
  });
});

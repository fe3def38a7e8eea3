import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';

// jest reads testTimeout only from the root config, not from the browser project: a cold page can take
// more than the default 5 s on a busy machine
jest.setTimeout(120000);

describe('the built stack in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('serves the landing page and a healthy API from one origin', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    const health = (await (await fetch(`${baseUrl()}/api/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    await screenshot(page, 'smoke-landing');
    await context.close();
  });

  it('answers an unknown path with status 404 and the app', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Pagina Non Trovata');
    await context.close();
  });

  it('publishes no source maps: the scripts name none and a .map beside them is 404 (contract section 8)', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await fetch(`${baseUrl()}${script}`)).text();
      expect(code).not.toMatch(/sourceMappingURL/);
      expect((await fetch(`${baseUrl()}${script}.map`)).status).toBe(404);
    }
  });
});

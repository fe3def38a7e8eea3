import AxeBuilder from '@axe-core/playwright';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createAdminSession, expectOk, idempotencyHeaders, registerInContext, unique } from './admin-support';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';

/**
 * The product as people use it (issue 21), in Chromium against the built stack: the back office at
 * desktop and phone widths with a few dozen customers' pending work, one toast at a time, localized
 * pages whole, failed loads said as such, the session asked without a 401, charts loaded only with
 * their screens, and every signed-in screen free of accessibility violations.
 */
jest.setTimeout(300000);

// Code run inside the page by evaluate(): the tests' tsconfig has no DOM library, so name what is used.
interface Measured {
  getBoundingClientRect(): { left: number; right: number };
  scrollWidth: number;
  clientWidth: number;
  parentElement: Measured;
}
declare const document: {
  documentElement: { scrollWidth: number; scrollHeight: number };
  body: object;
  querySelectorAll: (selector: string) => { length: number };
};
declare const window: { toastsSeen?: { most: number } };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: object, options: { childList: boolean; subtree: boolean }): void;
}

const WAIT = { timeout: 30000 };
const BANKING = { iban: 'GB82WEST12345698765432', swift: 'NWBKGB2L' };
const TOAST = '[data-scope="toast"][data-part="root"]';

/** A customer signed in through the API, with banking details and `deposits` pending deposit requests. */
async function customerWithRequests(
  deposits: number,
): Promise<{ api: APIRequestContext; email: string; name: string }> {
  const { name, email } = unique('Saver');
  const api = await request.newContext({ baseURL: baseUrl() });
  await expectOk(api.post('/api/auth/register', { data: { name, email, password: 'saver-secret-1' } }));
  await expectOk(api.put('/api/user/banking-details', { data: { beneficiaryName: name, ...BANKING } }));
  for (let i = 0; i < deposits; i += 1) {
    await expectOk(
      api.post('/api/user/deposit-request', { data: { amount: 1000 + i }, headers: idempotencyHeaders() }),
    );
  }
  return { api, email, name };
}

async function signInAs(context: BrowserContext, email: string, password: string): Promise<void> {
  await expectOk(context.request.post('/api/auth/login', { data: { email, password } }));
}

/** Every element's box, for layout checks (real layout: Chromium's, not jsdom's). */
async function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element: Measured) => {
      const rect = element.getBoundingClientRect();
      return {
        left: rect.left,
        right: rect.right,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      };
    });
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`);
}

describe('the back office at scale and the screens people use, in Chromium', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof createAdminSession>>;
  const customers: Awaited<ReturnType<typeof customerWithRequests>>[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await createAdminSession();
    // 12 customers with 5 pending deposit requests each (a customer may have 5 pending), funded once
    for (let i = 0; i < 12; i += 1) customers.push(await customerWithRequests(5));
    for (const customer of customers) {
      const list = await expectOk<{ users: { id: number }[] }>(
        admin.api.get(`/api/admin/users?q=${encodeURIComponent(customer.email)}&limit=1`),
      );
      await expectOk(
        admin.api.post('/api/admin/deposits/confirm', {
          data: { userId: list.users[0].id, amount: 5000, note: 'opening balance' },
          headers: idempotencyHeaders(),
        }),
      );
    }
  });
  afterAll(async () => {
    for (const customer of customers) await customer.api.dispose();
    await admin.api.dispose();
    await browser.close();
  });

  it.each([1280, 1440, 1920])(
    'fits every column of the users and the history into a %i px screen, pending work first',
    async (width) => {
      const { context, page } = await newPage(browser, { width, height: 800 });
      await signInAs(context, admin.email, admin.password);
      await page.goto('/admin');
      await page.getByTestId('user-row').first().waitFor(WAIT);
      await page.getByTestId('transaction-row').first().waitFor(WAIT);
      await page.getByTestId('pending-deposit-request').first().waitFor(WAIT);

      // no sideways scrolling: the tables fit their boxes, the row actions sit inside the screen
      for (const table of ['table[aria-label="Users"]', 'table[aria-label="Admin Transaction History"]']) {
        const scrollArea = await page
          .locator(table)
          .first()
          .evaluate((element: Measured) => {
            const area = element.parentElement;
            return { scrollWidth: area.scrollWidth, clientWidth: area.clientWidth };
          });
        expect(scrollArea.scrollWidth).toBeLessThanOrEqual(scrollArea.clientWidth);
      }
      const actions = page.getByRole('button', { name: /^Actions for / });
      expect(await actions.count()).toBeGreaterThan(0);
      for (const button of await actions.all()) {
        const rect = await button.boundingBox();
        expect(rect).not.toBeNull();
        expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      for (const header of ['Balance After', 'Note']) {
        const cell = await page
          .locator('table[aria-label="Admin Transaction History"] th', { hasText: header })
          .boundingBox();
        expect((cell?.x ?? 0) + (cell?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      const page1 = await box(page, 'body');
      expect(page1.scrollWidth).toBeLessThanOrEqual(width);

      // the pending work is paged (10 a panel) and comes before the users table
      expect(await page.getByTestId('pending-deposit-request').count()).toBe(10);
      const pendingTop = (await page.getByRole('region', { name: 'Pending Deposit Requests' }).boundingBox())?.y ?? 0;
      const usersTop = (await page.getByRole('region', { name: 'User Management' }).boundingBox())?.y ?? 0;
      expect(pendingTop).toBeLessThan(usersTop);
      // everything loaded at once made the page ~23,000 px tall
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(12000);
      if (width === 1280) await screenshot(page, 'admin-1280');
      await context.close();
    },
  );

  it('shows the back office as cards on a phone, nothing wider than the screen', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await signInAs(context, admin.email, admin.password);
    await page.goto('/admin');
    await page.getByTestId('user-card').first().waitFor(WAIT);
    await page.getByTestId('transaction-card').first().waitFor(WAIT);
    expect(await page.locator('table[aria-label="Users"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    const rect = await actions.boundingBox();
    expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-375');
    await context.close();
  });

  it('shows one toast at a time: the newest at once, never a queue of stale ones', async () => {
    const { context, page } = await newPage(browser);
    await signInAs(context, admin.email, admin.password);
    const customer = customers[0];
    await page.goto('/admin');
    await page.getByLabel('Search users').fill(customer.email);
    await page.getByTestId('user-row').filter({ hasText: customer.email }).waitFor(WAIT);

    // count the toasts on screen all along
    await page.evaluate((selector) => {
      const seen = { most: 0 };
      window.toastsSeen = seen;
      new MutationObserver(() => {
        seen.most = Math.max(seen.most, document.querySelectorAll(selector).length);
      }).observe(document.body, { childList: true, subtree: true });
    }, TOAST);

    await page.getByRole('button', { name: `Actions for ${customer.name}` }).click();
    await page.getByRole('menuitem', { name: 'Add Balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Balance' });
    // three refusals in a row, then a success: it shows at once, the refusals are gone
    for (let i = 0; i < 3; i += 1) await dialog.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByText('Invalid amount', { exact: true }).waitFor(WAIT);
    await dialog.getByLabel('Amount').fill('25');
    const clicked = Date.now();
    await dialog.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByText('Balance updated successfully', { exact: true }).waitFor({ timeout: 4000 });
    expect(Date.now() - clicked).toBeLessThan(4000);
    expect(await page.getByText('Invalid amount', { exact: true }).count()).toBe(0);
    expect(await page.locator(TOAST).count()).toBe(1);

    // signing out replaces the balance toast with its own at once
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Logged out successfully', { exact: true }).waitFor({ timeout: 4000 });
    expect(await page.getByText('Balance updated successfully', { exact: true }).count()).toBe(0);
    const most = await page.evaluate(() => window.toastsSeen?.most);
    expect(most).toBe(1);
    await context.close();
  });

  it('speaks the language of a localized page all through, amounts included', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 });
    const sessionCalls: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/auth/')) sessionCalls.push(response.status());
    });
    await page.goto('/it');
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    await nav.waitFor(WAIT);
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Panoramica tecnica',
      'Calcolatore pensione',
      'Blog',
    ]);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('link', { name: 'Accedi' }).first().waitFor(WAIT);
    await page.getByRole('link', { name: 'Inizia ora' }).first().waitFor(WAIT);
    expect(await page.getByText('Sign In', { exact: true }).count()).toBe(0);

    await page.getByLabel('Pensione mensile desiderata').fill('5000');
    await page.getByRole('button', { name: 'Calcola il capitale necessario' }).click();
    const result = page.getByTestId('retirement-result');
    await result.waitFor(WAIT);
    const text = ((await result.textContent()) ?? '').replace(/\s/g, ' ');
    expect(text).toContain('857.143 $');
    expect(text).not.toContain('$857,143');
    // clearing the pension clears the result (product.md section 4)
    await page.getByLabel('Pensione mensile desiderata').fill('');
    await result.waitFor({ state: 'detached', ...WAIT });

    // the phone menu and its label
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await page.getByRole('navigation', { name: 'Menu principale' }).getByText('Calcolatore pensione').waitFor(WAIT);

    // the Italian 404 page's chrome is Italian too
    await page.goto('/pagina-che-non-esiste');
    await page.getByRole('heading', { name: 'Pagina Non Trovata' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Apri il menu' }).waitFor(WAIT);
    // the session was asked without a single 401
    expect(sessionCalls.filter((status) => status === 401)).toEqual([]);
    await context.close();
  });

  it('asks the session without a 401 or a console error on every signed-out page', async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ['/', '/blog', '/technical-overview', '/retirement-calculator', '/auth?mode=login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a failed list could not load, with a retry, never that there is nothing', async () => {
    const { context, page } = await newPage(browser);
    await registerInContext(context, 'Failing');
    await page.route('**/api/user/withdrawals', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    await page.goto('/withdrawal');
    const failure = page.getByText('Unable to load your withdrawals. Check your connection and try again.');
    await failure.waitFor(WAIT);
    expect(await page.getByText('No withdrawals yet').count()).toBe(0);
    await page.unroute('**/api/user/withdrawals');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No withdrawals yet').waitFor(WAIT);
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  it('loads the charts with their screens only, and every signed-in screen passes axe', async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => path.includes('daily-chart'))).toEqual([]);

    // an investor with a balance: the dashboard draws it; the signed-in /auth goes to the dashboard
    const customer = customers[1];
    await signInAs(context, customer.email, 'saver-secret-1');
    await page.goto('/auth?mode=register');
    await page.waitForURL('**/dashboard', WAIT);
    await page
      .getByRole('img', { name: /^Balance over time\./ })
      .locator('canvas')
      .first()
      .waitFor(WAIT);
    expect(scripts.some((path) => path.includes('daily-chart'))).toBe(true);
    expect(await page.title()).toBe('Dashboard — Savings Platform');
    const levels = await page
      .locator('h1, h2, h3, h4')
      .evaluateAll((headings: { tagName: string }[]) => headings.map((h) => Number(h.tagName[1])));
    levels.forEach((level, i) => expect(level).toBeLessThanOrEqual(i === 0 ? 1 : levels[i - 1] + 1));

    // a deposit with a tenth of a cent: said in plain words
    await page.getByRole('button', { name: 'New Deposit Request' }).click();
    await page.getByLabel(/Amount/).fill('1000.005');
    await page.getByRole('button', { name: 'Submit Deposit Request' }).click();
    await page.getByText('Enter the amount in dollars and cents: at most 2 decimal places.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await axeViolations(page)).toEqual([]);

    for (const [path, title, ready] of [
      ['/withdrawal', 'Withdrawals — Savings Platform', 'Withdrawal History'],
      ['/interest-history', 'Interest Earnings — Savings Platform', 'Interest per day'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: ready }).waitFor(WAIT);
      expect(await page.title()).toBe(title);
      expect(await axeViolations(page)).toEqual([]);
    }

    await signInAs(context, admin.email, admin.password);
    await page.goto('/admin');
    await page
      .getByRole('img', { name: /^Total balance\./ })
      .locator('canvas')
      .first()
      .waitFor(WAIT);
    await page.getByRole('img', { name: /^Deposits, withdrawals and interest per day\./ }).waitFor(WAIT);
    await page.getByTestId('transaction-row').first().waitFor(WAIT);
    expect(await page.title()).toBe('Admin Dashboard — Savings Platform');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { pdfText } from '@savings/testing';
import { Client } from 'pg';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';
import { loadState } from './support/stack';

jest.setTimeout(120000);

// Code run inside the page by evaluate(): the tests' tsconfig has no DOM library, so name what is used.
declare const document: {
  title: string;
  documentElement: { lang: string; scrollWidth: number };
  readyState: string;
  addEventListener: (type: string, listener: () => void) => void;
  querySelector: (selector: string) => object | null;
};
declare const window: { __pwned?: boolean; prerenderedH1?: object | null };
declare function getComputedStyle(element: unknown): { backgroundColor: string };

/**
 * Each landing page: its path, a phrase of its own headline, its html lang, its Open Account button,
 * and its header's phone menu (button label, menu name, the Blog link), in the page's language.
 */
const LANDINGS = [
  {
    path: '/',
    lang: 'en',
    headline: 'Earn 7% a year on your savings',
    open: 'Open Account',
    menu: ['Open menu', 'Main menu', 'Blog'],
  },
  {
    path: '/it',
    lang: 'it',
    headline: 'Guadagna il 7% all',
    open: 'Apri un conto',
    menu: ['Apri il menu', 'Menu principale', 'Blog'],
  },
  {
    path: '/fr',
    lang: 'fr',
    headline: 'Gagnez 7 % par an',
    open: 'Ouvrir un compte',
    menu: ['Ouvrir le menu', 'Menu principal', 'Blog'],
  },
  {
    path: '/de',
    lang: 'de',
    headline: '7 % Zinsen pro Jahr',
    open: 'Konto eröffnen',
    menu: ['Menü öffnen', 'Hauptmenü', 'Blog'],
  },
  {
    path: '/es',
    lang: 'es',
    headline: 'Gana un 7 % al año',
    open: 'Abrir una cuenta',
    menu: ['Abrir el menú', 'Menú principal', 'Blog'],
  },
  {
    path: '/ru',
    lang: 'ru',
    headline: '7% годовых на ваши сбережения',
    open: 'Открыть счёт',
    menu: ['Открыть меню', 'Главное меню', 'Блог'],
  },
  {
    path: '/ua',
    lang: 'uk',
    headline: '7% річних на ваші заощадження',
    open: 'Відкрити рахунок',
    menu: ['Відкрити меню', 'Головне меню', 'Блог'],
  },
];

async function h1Texts(page: Page): Promise<string[]> {
  return page.locator('h1').allTextContents();
}

describe('public website in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(LANDINGS)('$path renders its own language', async ({ path, lang, headline, open }) => {
    const { context, page } = await newPage(browser);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.locator('h1', { hasText: headline }).waitFor();
    expect(await h1Texts(page)).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const openAccount = page.getByRole('link', { name: open, exact: true }).first();
    expect(await openAccount.getAttribute('href')).toBe('/auth?mode=register');
    for (const label of ['English', 'Italiano', 'Français', 'Deutsch', 'Español', 'Русский', 'Українська']) {
      await page.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await expect(page.locator('footer').textContent()).resolves.toMatch(/Road Town|Род-Таун/);
    if (path === '/') {
      // the English footer is dark
      const background = await page.locator('footer').evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
      expect(r + g + b).toBeLessThan(150);
      await screenshot(page, 'public-landing-en');
    }
    await context.close();
  });

  it.each(LANDINGS)('$path arrives prerendered and the app takes it over without drawing it again', async (landing) => {
    // what a crawler, or a browser before any script has run, gets
    const served = await fetch(new URL(landing.path, baseUrl()));
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(html).toContain(`<html lang="${landing.lang}">`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${landing.headline}`));
    expect(html).toContain('<meta property="og:title"');

    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // the header asks who is signed in without a 401 (GET /api/auth/session): no error at all
      if (message.type() === 'error') errors.push(message.text());
    });
    // the prerendered heading, taken before any script runs (module scripts run after 'interactive')
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.prerenderedH1 = document.querySelector('h1');
      });
    });
    await page.goto(landing.path);
    // hydrated: React has attached itself to the heading the server sent, the same element
    await page.waitForFunction(() => {
      const h1 = document.querySelector('h1');
      return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
    });
    const sameHeading = await page.evaluate(() => document.querySelector('h1') === window.prerenderedH1);
    expect(sameHeading).toBe(true);
    // and it is interactive: the mobile menu, in the page's language, opens
    const [openMenu, mainMenu, blog] = landing.menu;
    await page.getByRole('button', { name: openMenu }).click();
    await page.getByRole('navigation', { name: mainMenu }).getByRole('link', { name: blog }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the default head back on leaving a prerendered language page (no Italian lang on English pages)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/it');
    await page.waitForFunction(() => {
      const h1 = document.querySelector('h1');
      return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
    });
    // the technical overview sets no language of its own (the Italian header names it in Italian)
    await page
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByRole('link', { name: 'Panoramica tecnica' })
      .click();
    await page.locator('h1', { hasText: 'Technical Overview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toMatch(/^Technical Overview/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toMatch(/Guadagna/);
    await context.close();
  });

  it('switches language from the strip', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Italiano', exact: true }).click();
    await page.waitForURL('**/it');
    await page.locator('h1', { hasText: 'Guadagna il 7%' }).waitFor();
    expect(await page.title()).toContain('accreditato ogni giorno');
    await context.close();
  });

  it('computes 5,000 a month as $857,143 of capital on the calculator page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/retirement-calculator');
    await page.locator('h1').waitFor();
    expect(await h1Texts(page)).toEqual(['Retirement Calculator']);
    const button = page.getByRole('button', { name: 'Calculate Required Capital' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Desired monthly pension').fill('5000');
    await button.click();
    const result = page.getByTestId('retirement-result');
    await result.getByText('$857,143').waitFor();
    await expect(result.textContent()).resolves.toContain('$60,000');
    await expect(result.textContent()).resolves.toContain('7% fixed');
    await page.getByRole('link', { name: 'Italiano', exact: true }).click();
    await page.getByLabel('Pensione mensile desiderata').waitFor();
    await context.close();
  });

  it('answers an unknown path with the Italian 404, status 404 and noindex', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await page.locator('h1', { hasText: 'Pagina Non Trovata' }).waitFor();
    expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toBe('noindex');
    const hrefs = await page.locator('main a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/', '/auth?mode=login', '/technical-overview', '/auth?mode=register']),
    );
    expect(hrefs.some((href) => href?.startsWith('mailto:'))).toBe(true);
    await page.getByRole('button', { name: /Torna indietro/ }).waitFor();
    await context.close();
  });

  it('shows the technical overview with its eight sections, meta tags and a real PDF', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/technical-overview');
    await page.locator('h1', { hasText: 'Technical Overview' }).waitFor();
    expect(await page.locator('section h2').allTextContents()).toEqual([
      'Executive Summary',
      'Investment Thesis',
      'Target Investors',
      'Key Features',
      'How It Works',
      'Risk Management',
      'Regulatory & Legal Framework',
      'Contact & Onboarding',
    ]);
    expect(await page.title()).toContain('Technical Overview');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain('Technical Overview');
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary');
    const pdfOf = async (name: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
      const { readFileSync } = await import('node:fs');
      return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
    };
    const english = await pdfOf('Download PDF');
    expect(english.name).toBe('savings-platform-technical-overview-en.pdf');
    expect(english.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(english.bytes)).text).toContain('Regulatory & Legal Framework');
    // every language of the site, the same text as the page, Cyrillic included (embedded fonts)
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Русский' }).click();
    await page.locator('h1', { hasText: 'Технический обзор' }).waitFor();
    const russian = await pdfOf('Скачать PDF');
    expect(russian.name).toBe('savings-platform-technical-overview-ru.pdf');
    expect((await pdfText(russian.bytes)).text).toContain('Регулирование и правовая основа');
    await page.goto('/technical-overview');
    expect(await page.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('fits a 360 px screen, with a menu that opens and closes on choosing an item', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    await page.goto('/');
    await page.locator('h1').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL('**/blog');
    await page.locator('h1', { hasText: 'Fixed Income Investment Insights' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await screenshot(page, 'public-blog-360');
    await context.close();
  });

  it('has exactly one h1 on every public page', async () => {
    const { context, page } = await newPage(browser);
    for (const path of [
      '/',
      '/auth',
      '/auth?mode=register',
      '/technical-overview',
      '/retirement-calculator',
      '/blog',
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect([path, (await h1Texts(page)).length]).toEqual([path, 1]);
    }
    await context.close();
  });

  describe('blog', () => {
    const slug = `e2e-post-${Date.now()}`;
    let client: Client;
    beforeAll(async () => {
      client = new Client({ connectionString: loadState().databaseUrl });
      await client.connect();
      await client.query(
        `insert into blog_posts (title, slug, excerpt, content, meta_title, meta_description, keywords, published, published_at)
         values ($1, $2, $3, $4, $5, $6, $7, true, '2025-01-05T12:00:00Z')`,
        [
          'Bonds versus cash in 2025',
          slug,
          'Why idle cash loses money and what a fixed 7% changes.',
          '## The cost of waiting\n\nA **bank** pays *0.1%* a year.\n\n- bonds\n- notes\n\n<img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>',
          'Bonds vs cash: the 2025 guide',
          'A fixed 7% against 0.1% at the bank.',
          'bonds, cash, interest, savings, inflation',
        ],
      );
    });
    afterAll(async () => {
      await client.query('delete from blog_posts where slug = $1', [slug]);
      await client.end();
    });

    it('lists the post and renders it with its title and meta tags, without running its scripts', async () => {
      const { context, page } = await newPage(browser);
      await page.goto('/blog');
      const card = page.locator('article', { hasText: 'Bonds versus cash in 2025' });
      await card.waitFor();
      await expect(card.textContent()).resolves.toContain('Jan 05, 2025');
      expect(await card.locator('li').count()).toBe(4);
      await card.getByRole('link', { name: /Read full article/ }).click();
      await page.waitForURL(`**/blog/${slug}`);
      await page.locator('h1', { hasText: 'Bonds versus cash in 2025' }).waitFor();
      await page.waitForFunction(() => document.title === 'Bonds vs cash: the 2025 guide');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        'A fixed 7% against 0.1% at the bank.',
      );
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/blog/${slug}$`));
      expect(await page.locator('.blog-content h2').textContent()).toBe('The cost of waiting');
      expect(await page.locator('.blog-content script').count()).toBe(0);
      expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
      await screenshot(page, 'public-blog-post');

      // leaving the post puts the default head back
      await page.getByRole('link', { name: '← Back to Blog' }).click();
      await page.waitForURL('**/blog');
      await page.waitForFunction(() => !document.title.includes('Bonds vs cash'));
      expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
      await context.close();
    });

    it('shows Blog Post Not Found for an unknown slug', async () => {
      const { context, page } = await newPage(browser);
      await page.goto('/blog/no-such-post-anywhere');
      await page.locator('h1', { hasText: 'Blog Post Not Found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
      await context.close();
    });
  });
});

import { mockApi } from '../../../lib/test-utils';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@savings/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
import { AppRoutes } from '../../../app/router';
import { loadLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { Header } from './header';

jest.setTimeout(20000);

const customer: PublicUser = {
  id: 3,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  balance: 5000,
  availableBalance: 5000,
  referenceCode: 'REF-0003',
  beneficiaryName: null,
  iban: null,
  swift: null,
  isAdmin: false,
  role: 'customer',
  holderType: 'individual',
  legalName: null,
  registrationNumber: null,
  country: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function renderHeader(path = '/') {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="*" element={<p>Other page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return queryClient;
}

// The desktop nav is display:none below the lg breakpoint and jsdom has no viewport: include hidden nodes.
const hidden = { hidden: true };
// (a hidden element has no accessible name, so the desktop nav is found by its label attribute)
const mainNav = () => document.querySelector<HTMLElement>('nav[aria-label="Main"]') as HTMLElement;

describe('Header', () => {
  it('shows public links and Sign In / Get Started when signed out, Blog highlighted under /blog', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderHeader('/blog/some-post');
    expect(await screen.findAllByRole('link', { name: 'Get Started', ...hidden })).not.toHaveLength(0);
    const names = within(mainNav())
      .getAllByRole('link', hidden)
      .map((link) => link.textContent);
    expect(names).toEqual(['Home', 'Technical Overview', 'Retirement Calculator', 'Blog']);
    expect(within(mainNav()).getByRole('link', { name: 'Blog', ...hidden })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home', ...hidden })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('link', { name: 'Sign In', ...hidden })[0]).toHaveAttribute('href', '/auth?mode=login');
    expect(screen.getAllByRole('link', { name: 'Get Started', ...hidden })[0]).toHaveAttribute(
      'href',
      '/auth?mode=register',
    );
  });

  it('adds the investor links when signed in and Admin only for admins', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: { ...customer, isAdmin: true, role: 'admin' } } } });
    renderHeader('/');
    expect(await within(mainNav()).findByRole('link', { name: 'Admin', ...hidden })).toHaveAttribute('href', '/admin');
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard', ...hidden })).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav()).getByRole('link', { name: 'Withdrawals', ...hidden })).toHaveAttribute(
      'href',
      '/withdrawal',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Interest Earnings', ...hidden })).toHaveAttribute(
      'href',
      '/interest-history',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Audit', ...hidden })).toHaveAttribute('href', '/audit');
  });

  it('shows auditors the Audit link and not Admin', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: { ...customer, role: 'auditor' } } } });
    renderHeader('/');
    expect(await within(mainNav()).findByRole('link', { name: 'Audit', ...hidden })).toHaveAttribute('href', '/audit');
    expect(within(mainNav()).queryByRole('link', { name: 'Admin', ...hidden })).not.toBeInTheDocument();
  });

  it('hides Admin from customers', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: customer } } });
    renderHeader('/');
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard', ...hidden })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Admin', ...hidden })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Audit', ...hidden })).not.toBeInTheDocument();
  });

  it('opens the small-screen menu and closes it when an item is chosen', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderHeader('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await u.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await u.click(within(menu).getByRole('link', { name: 'Technical Overview', ...hidden }));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the small-screen menu with Escape and returns focus to its button', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderHeader('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await u.click(toggle);
    within(screen.getByRole('navigation', { name: 'Main menu' }))
      .getByRole('link', { name: 'Blog' })
      .focus();
    await u.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('signs out: clears the cache, goes home and confirms', async () => {
    const u = userEvent.setup();
    let signedIn = true;
    const calls = mockApi({
      'GET /api/auth/session': () => ({ body: { user: signedIn ? customer : null } }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const queryClient = renderHeader('/dashboard');
    queryClient.setQueryData(['investor', 'dashboard'], { secret: true });
    await u.click((await screen.findAllByRole('button', { name: 'Sign Out', ...hidden }))[0]);
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByText('You have been signed out of your account.')).toBeInTheDocument();
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(queryClient.getQueryData(['investor', 'dashboard'])).toBeUndefined();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/auth/logout')).toBe(true);
    expect(await screen.findAllByRole('link', { name: 'Sign In', ...hidden })).not.toHaveLength(0);
  });

  it('says "Logout failed" with the server sentence when sign-out fails', async () => {
    const u = userEvent.setup();
    mockApi({
      'GET /api/auth/session': { body: { user: customer } },
      'POST /api/auth/logout': { status: 500, body: { message: 'Session store unavailable' } },
    });
    renderHeader('/dashboard');
    await u.click((await screen.findAllByRole('button', { name: 'Sign Out', ...hidden }))[0]);
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
  });

  it('asks for the session without a failed request when signed out', async () => {
    const calls = mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderHeader('/');
    expect(await screen.findAllByRole('link', { name: 'Sign In', ...hidden })).not.toHaveLength(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/session']);
  });
});

describe('the chrome of localized pages', () => {
  /** The whole app at `path`, as the browser renders it: the header speaks the page's language. */
  async function renderApp(path: string) {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    await Promise.all(['it', 'de'].map((language) => loadLanguage(language as 'it' | 'de')));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
  }
  const navNamed = (name: string) => document.querySelector<HTMLElement>(`nav[aria-label="${name}"]`) as HTMLElement;

  it('translates the header of an Italian page, highlights its Home and keeps the language in the links', async () => {
    await renderApp('/it');
    const nav = await waitForNav('Navigazione principale');
    const names = within(nav)
      .getAllByRole('link', hidden)
      .map((link) => link.textContent);
    expect(names).toEqual(['Home', 'Panoramica tecnica', 'Calcolatore pensione', 'Blog']);
    expect(within(nav).getByRole('link', { name: 'Home', ...hidden })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home', ...hidden })).toHaveAttribute('href', '/it');
    expect(within(nav).getByRole('link', { name: 'Calcolatore pensione', ...hidden })).toHaveAttribute(
      'href',
      '/retirement-calculator?lang=it',
    );
    expect(screen.getAllByRole('link', { name: 'Accedi', ...hidden })[0]).toHaveAttribute('href', '/auth?mode=login');
    expect(screen.getAllByRole('link', { name: 'Inizia ora', ...hidden })).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Apri il menu' })).toBeInTheDocument();
    expect(navNamed('Menu principale')).not.toBeNull();
    expect(screen.getByText('Vai al contenuto')).toBeInTheDocument();
    expect(screen.queryByText('Sign In')).not.toBeInTheDocument();
  });

  it.each([
    ['/no-such-page', 'Navigazione principale', 'Home'],
    ['/retirement-calculator?lang=de', 'Hauptnavigation', 'Rentenrechner'],
    ['/technical-overview', 'Main', 'Technical Overview'],
  ])('at %s names its navigation %p, %p highlighted', async (path, label, current) => {
    await renderApp(path);
    const nav = await waitForNav(label);
    const active = within(nav)
      .getAllByRole('link', hidden)
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    // the 404 page is nowhere in the navigation
    expect(active).toEqual(path === '/no-such-page' ? [] : [current]);
  });

  async function waitForNav(name: string): Promise<HTMLElement> {
    let nav: HTMLElement | null = null;
    await screen.findAllByRole('link', hidden);
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        nav = navNamed(name);
        if (nav) resolve();
        else if (Date.now() - started > 4000) reject(new Error(`no nav named ${name}`));
        else setTimeout(poll, 20);
      };
      poll();
    });
    return nav as unknown as HTMLElement;
  }
});

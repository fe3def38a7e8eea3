import { mockApi } from '../../../lib/test-utils';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@savings/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
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
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Authentication required' } } });
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
    mockApi({ 'GET /api/auth/me': { body: { user: { ...customer, isAdmin: true, role: 'admin' } } } });
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
    mockApi({ 'GET /api/auth/me': { body: { user: { ...customer, role: 'auditor' } } } });
    renderHeader('/');
    expect(await within(mainNav()).findByRole('link', { name: 'Audit', ...hidden })).toHaveAttribute('href', '/audit');
    expect(within(mainNav()).queryByRole('link', { name: 'Admin', ...hidden })).not.toBeInTheDocument();
  });

  it('hides Admin from customers', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: customer } } });
    renderHeader('/');
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard', ...hidden })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Admin', ...hidden })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Audit', ...hidden })).not.toBeInTheDocument();
  });

  it('opens the small-screen menu and closes it when an item is chosen', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Authentication required' } } });
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
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Authentication required' } } });
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
      'GET /api/auth/me': () =>
        signedIn ? { body: { user: customer } } : { status: 401, body: { message: 'Authentication required' } },
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
      'GET /api/auth/me': { body: { user: customer } },
      'POST /api/auth/logout': { status: 500, body: { message: 'Session store unavailable' } },
    });
    renderHeader('/dashboard');
    await u.click((await screen.findAllByRole('button', { name: 'Sign Out', ...hidden }))[0]);
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
  });
});

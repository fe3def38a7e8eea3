import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardResponse } from '@savings/contracts';
import { mockApi, renderRoute } from '../../lib/test-utils';
import { DashboardScreen } from './dashboard-route';

const dashboard: DashboardResponse = {
  user: {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    balance: 10000,
    availableBalance: 10000,
    referenceCode: 'REF12345',
  },
  monthlyInterest: 58.33,
  nextInterestAt: '2026-11-22T10:00:00.000Z',
};

function mockDashboard(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user/dashboard': { body: dashboard },
    'GET /api/user/admin-transactions': { body: { transactions: [] } },
    'GET /api/user/deposit-requests': { body: { depositRequests: [] } },
    ...overrides,
  });
}

describe('dashboard', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the welcome, the three cards and the empty states', async () => {
    mockDashboard();
    renderRoute(<DashboardScreen />, '/dashboard');
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Current Balance')).toBeInTheDocument();
    expect(screen.getByText('$10,000.00')).toBeInTheDocument();
    expect(screen.getByText('Monthly Interest Earned')).toBeInTheDocument();
    expect(screen.getByText('$58.33')).toBeInTheDocument();
    expect(screen.getByText('Annual Interest Projection')).toBeInTheDocument();
    expect(screen.getByText('$700.00')).toBeInTheDocument();
    // expected credit: 10,000 * 0.00019178083
    expect(screen.getByText('$1.92')).toBeInTheDocument();
    expect(screen.getByText(/0\.019178%/, { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByText('No deposit requests yet')).toBeInTheDocument();
    expect(await screen.findByText('No account activity to display')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full History' })).toHaveAttribute('href', '/interest-history');
    expect(screen.getByRole('button', { name: 'Copy IBAN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy reference code' })).toBeInTheDocument();
  });

  it('copies the IBAN and the reference code with a toast', async () => {
    const user = userEvent.setup();
    // after setup: user-event installs its own clipboard stub
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockDashboard();
    renderRoute(<DashboardScreen />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Copy IBAN' }));
    expect(writeText).toHaveBeenCalledWith('GB33BUKB20201555555555');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy payment reference' }));
    expect(writeText).toHaveBeenLastCalledWith('REF12345');
  });

  it('ticks the countdown every second and rolls to the next day after 10:00', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T09:59:58.000Z'), doNotFake: ['queueMicrotask'] });
    mockDashboard();
    renderRoute(<DashboardScreen />, '/dashboard');
    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent('00:00:02');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(timer).toHaveTextContent('00:00:01');
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(timer).toHaveTextContent('23:59:59');
  });

  it('reloads the dashboard a minute after the credit time', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T09:59:58.000Z'), doNotFake: ['queueMicrotask'] });
    const calls = mockDashboard();
    renderRoute(<DashboardScreen />, '/dashboard');
    await screen.findByRole('timer');
    const loads = () => calls.filter((call) => call.url === '/api/user/dashboard').length;
    expect(loads()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(62_000);
    });
    await waitFor(() => expect(loads()).toBe(2));
  });

  it('validates the deposit amount and submits a request with an idempotency key', async () => {
    const user = userEvent.setup();
    let requests: unknown[] = [];
    const calls = mockDashboard({
      'GET /api/user/deposit-requests': () => ({ body: { depositRequests: requests } }),
      'POST /api/user/deposit-request': () => {
        requests = [{ id: 1, amount: 2500, status: 'pending', requestedAt: '2026-11-21T12:00:00Z' }];
        return { status: 201, body: { depositRequest: requests[0] } };
      },
    });
    renderRoute(<DashboardScreen />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'New Deposit Request' }));
    const amount = screen.getByLabelText(/Amount/);
    expect(amount).toHaveAttribute('step', '0.01');

    await user.click(screen.getByRole('button', { name: 'Submit Deposit Request' }));
    expect(await screen.findByText('Minimum deposit amount is $1,000')).toBeInTheDocument();
    await user.type(amount, '999.99');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit Request' }));
    expect(screen.getByText('Minimum deposit amount is $1,000')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '2500');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit Request' }));
    expect(await screen.findByText('Deposit Request Submitted')).toBeInTheDocument();
    expect(
      screen.getByText('Your deposit request has been submitted and is pending admin confirmation.'),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: '2500.00' });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    // the form hides and the list refreshes
    await waitFor(() => expect(screen.queryByLabelText(/Amount/)).not.toBeInTheDocument());
    expect(await screen.findByText('$2,500.00')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('shows the server message when a deposit request fails, and Cancel hides the form', async () => {
    const user = userEvent.setup();
    mockDashboard({ 'POST /api/user/deposit-request': { status: 400, body: { message: 'Deposits are paused' } } });
    renderRoute(<DashboardScreen />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'New Deposit Request' }));
    await user.type(screen.getByLabelText(/Amount/), '1000');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit Request' }));
    expect(await screen.findByText('Deposit request failed')).toBeInTheDocument();
    expect(screen.getByText('Deposits are paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/Amount/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Deposit Request' })).toBeInTheDocument();
  });

  it('goes to /auth when the session has expired at submit', async () => {
    const user = userEvent.setup();
    mockDashboard({ 'POST /api/user/deposit-request': { status: 401, body: { message: 'Authentication required' } } });
    renderRoute(<DashboardScreen />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'New Deposit Request' }));
    await user.type(screen.getByLabelText(/Amount/), '1000');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit Request' }));
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
    expect(screen.queryByText('Deposit request failed')).not.toBeInTheDocument();
  });

  it('goes to /auth on 401 without retrying', async () => {
    const calls = mockDashboard({
      'GET /api/user/dashboard': { status: 401, body: { message: 'Authentication required' } },
    });
    renderRoute(<DashboardScreen />, '/dashboard');
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/user/dashboard')).toHaveLength(1);
  });

  it('shows the load failure text after retrying other errors', async () => {
    const calls = mockDashboard({ 'GET /api/user/dashboard': { status: 500, body: { message: 'boom' } } });
    renderRoute(<DashboardScreen />, '/dashboard');
    expect(
      await screen.findByText('Unable to load dashboard data. Please try refreshing the page.', undefined, {
        timeout: 15000,
      }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/user/dashboard')).toHaveLength(4);
  }, 20000);

  it('says the activity and the deposit requests could not load, never their empty states', async () => {
    const user = userEvent.setup();
    let failing = true;
    const failure = { status: 500, body: { message: 'Internal server error' } };
    mockDashboard({
      'GET /api/user/admin-transactions': () => (failing ? failure : { body: { transactions: [] } }),
      'GET /api/user/deposit-requests': () => (failing ? failure : { body: { depositRequests: [] } }),
    });
    renderRoute(<DashboardScreen />, '/dashboard');
    const options = { timeout: 15000 };
    expect(
      await screen.findByText(
        'Unable to load your account activity. Check your connection and try again.',
        undefined,
        options,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Unable to load your deposit requests. Check your connection and try again.',
        undefined,
        options,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No account activity to display')).not.toBeInTheDocument();
    expect(screen.queryByText('No deposit requests yet')).not.toBeInTheDocument();
    failing = false;
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) await user.click(retry);
    expect(await screen.findByText('No account activity to display')).toBeInTheDocument();
    expect(await screen.findByText('No deposit requests yet')).toBeInTheDocument();
    // these two only: the proof card's endpoints are not mocked here, and it fails on its own time
    // (its section mounts a task later than the deposit cards' since they render one at a time)
    expect(screen.queryByText(/Unable to load your (account activity|deposit requests)/)).not.toBeInTheDocument();
  }, 30000);

  it('titles the page and never skips a heading level', async () => {
    mockDashboard();
    renderRoute(<DashboardScreen />, '/dashboard');
    await screen.findByText('Welcome back, Ada Lovelace');
    expect(document.title).toBe('Dashboard — Savings Platform');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1] + 1);
    });
  });

  it('says plainly that an amount has too many decimals', async () => {
    const user = userEvent.setup();
    const calls = mockDashboard();
    renderRoute(<DashboardScreen />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'New Deposit Request' }));
    await user.type(screen.getByLabelText(/Amount/), '1000.005');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit Request' }));
    expect(
      await screen.findByText('Enter the amount in dollars and cents: at most 2 decimal places.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

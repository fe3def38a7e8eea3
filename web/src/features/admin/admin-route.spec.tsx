import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type {
  AdminUserSort,
  AdminDepositRequestItem,
  AdminTransactionItem,
  AdminUserItem,
  AdminWithdrawalItem,
  PublicUser,
} from '@savings/contracts';
import { toaster } from '../../components/toaster';
import { mockApi, renderRoute, type FetchCall } from '../../lib/test-utils';
import { AdminScreen } from './admin-route';
import { PendingWithdrawals } from './components/pending-withdrawals';

// counts the renders of one top section
jest.mock('./components/pending-withdrawals', () => {
  const actual = jest.requireActual<typeof import('./components/pending-withdrawals')>(
    './components/pending-withdrawals',
  );
  return { PendingWithdrawals: jest.fn(actual.PendingWithdrawals) };
});

// the whole back office renders in each test: on a busy shared machine that takes a while
jest.setTimeout(90000);

const me: PublicUser = {
  id: 1,
  name: 'Root Admin',
  email: 'admin@example.com',
  balance: 0,
  availableBalance: 0,
  referenceCode: 'REF00001',
  beneficiaryName: null,
  iban: null,
  swift: null,
  isAdmin: true,
  role: 'admin',
  holderType: 'individual',
  legalName: null,
  registrationNumber: null,
  country: null,
  createdAt: '2026-11-01T00:00:00Z',
};

function user(id: number, name: string, balance: number, banking = false): AdminUserItem {
  return {
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    referenceCode: `REF${String(id).padStart(5, '0')}`,
    balance,
    availableBalance: balance,
    monthlyInterest: Math.round((balance * 0.07 * 100) / 12) / 100,
    beneficiaryName: banking ? name : null,
    iban: banking ? 'GB33BUKB20201555555555' : null,
    swift: banking ? 'BUKBGB22' : null,
    role: 'customer',
    holderType: 'individual',
    legalName: null,
    registrationNumber: null,
    country: null,
    createdAt: '2026-11-01T00:00:00Z',
  };
}

const users = [user(12, 'bob', 2500, true), user(3, 'Charlie', 1000), user(7, 'alice', 5000, true)];

/** GET /api/admin/users as the server answers it: sorted, searched and paged by the query string. */
function usersEndpoint(list: AdminUserItem[] = users) {
  return ({ url }: { url: string }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const sort = (params.get('sort') ?? 'id') as AdminUserSort;
    const factor = params.get('order') === 'desc' ? -1 : 1;
    const q = params.get('q')?.toLowerCase();
    const matching = list.filter(
      (item) => !q || [item.name, item.email, item.referenceCode].some((text) => text.toLowerCase().includes(q)),
    );
    const sorted = [...matching].sort((a, b) => {
      const [left, right] = [a[sort], b[sort]];
      const order =
        typeof left === 'string' && typeof right === 'string'
          ? left.localeCompare(right, 'en', { sensitivity: 'base' })
          : Number(left) - Number(right);
      return (order || a.id - b.id) * factor;
    });
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? sorted.length);
    return {
      body: {
        users: sorted.slice(offset, offset + limit),
        totalUsers: list.length,
        totalBalance: 8500,
        totalMonthlyInterest: 49.58,
        matchingUsers: matching.length,
      },
    };
  };
}

const usersCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/users?'));
const lastUsersQuery = (calls: FetchCall[]) => {
  const params = new URL(usersCalls(calls).at(-1)?.url ?? '', 'http://localhost').searchParams;
  return Object.fromEntries(params.entries());
};

const withdrawals: AdminWithdrawalItem[] = [
  {
    id: 21,
    userId: 12,
    status: 'pending',
    amount: 1500,
    userName: 'bob',
    userEmail: 'bob@example.com',
    requestedAt: '2026-11-20T09:00:00Z',
    processedAt: null,
    userBeneficiary: 'bob',
    userIban: 'GB33BUKB20201555555555',
    userSwift: 'BUKBGB22',
  },
  {
    id: 22,
    userId: 3,
    status: 'pending',
    amount: 1000,
    userName: 'Charlie',
    userEmail: 'charlie@example.com',
    requestedAt: '2026-11-21T09:00:00Z',
    processedAt: null,
    userBeneficiary: null,
    userIban: null,
  },
  {
    id: 23,
    userId: 3,
    status: 'processed',
    amount: 9999,
    userName: 'Charlie',
    userEmail: 'charlie@example.com',
    requestedAt: '2026-10-21T09:00:00Z',
    processedAt: '2026-10-22T09:00:00Z',
    userBeneficiary: null,
    userIban: null,
  },
];

const depositRequests: AdminDepositRequestItem[] = [
  {
    id: 31,
    userId: 7,
    status: 'pending',
    amount: 2000,
    userName: 'alice',
    userEmail: 'alice@example.com',
    userReferenceCode: 'REF00007',
    requestedAt: '2026-11-21T10:00:00Z',
  },
  {
    id: 30,
    userId: 7,
    status: 'confirmed',
    amount: 4000,
    userName: 'alice',
    userEmail: 'alice@example.com',
    requestedAt: '2026-11-01T10:00:00Z',
  },
];

const transactions: AdminTransactionItem[] = [
  {
    id: 41,
    userId: 7,
    userName: 'alice',
    adminId: 1,
    adminName: 'Root Admin',
    type: 'add',
    kind: 'deposit',
    amount: 4000,
    balanceBefore: 1000,
    balanceAfter: 5000,
    note: 'wire 123',
    createdAt: '2026-11-02T10:00:00Z',
  },
  {
    id: 40,
    userId: 12,
    userName: 'bob',
    adminId: 1,
    adminName: 'Root Admin',
    type: 'subtract',
    kind: 'adjustment',
    amount: 100,
    balanceBefore: 2600,
    balanceAfter: 2500,
    note: null,
    createdAt: '2026-11-01T10:00:00Z',
  },
];

/**
 * A paged back-office list as the server answers it: the status (pending by default) or kind, the
 * customer searched for, 50 at most from ?offset, and the number matching.
 */
function listEndpoint<Item extends { status?: string; kind?: string; userName: string; userEmail?: string }>(
  key: string,
  items: () => Item[],
  filter: 'status' | 'kind',
) {
  return ({ url }: { url: string }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const wanted = params.get(filter) ?? (filter === 'status' ? 'pending' : 'all');
    const q = params.get('q')?.toLowerCase();
    const matching = items().filter(
      (item) =>
        (wanted === 'all' || item[filter] === wanted) &&
        (!q || [item.userName, item.userEmail ?? ''].some((text) => text.toLowerCase().includes(q))),
    );
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 50);
    return { body: { [key]: matching.slice(offset, offset + limit), total: matching.length } };
  };
}
const withdrawalsEndpoint = (list = () => withdrawals) => listEndpoint('withdrawals', list, 'status');
const depositRequestsEndpoint = (list = () => depositRequests) => listEndpoint('depositRequests', list, 'status');
const transactionsEndpoint = (list = () => transactions) => listEndpoint('transactions', list, 'kind');

function setup(overrides: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/auth/session': { body: { user: me } },
    'GET /api/admin/users': usersEndpoint(),
    'GET /api/admin/transactions': transactionsEndpoint(),
    'GET /api/admin/withdrawals': withdrawalsEndpoint(),
    'GET /api/admin/deposit-requests': depositRequestsEndpoint(),
    'GET /api/admin/charts/daily': { body: { days: [] } },
    'GET /api/admin/notifications': {
      body: {
        unread: 1,
        notifications: [
          {
            id: 51,
            type: 'deposit_request',
            message: 'alice requested a deposit of $2,000.00',
            userId: 7,
            relatedId: 31,
            isRead: false,
            createdAt: '2026-11-21T10:00:00Z',
          },
        ],
      },
    },
    'GET /api/admin/blog/posts': { body: [] },
    'GET /api/admin/payouts': { body: { payoutFiles: [] } },
    ...overrides,
  });
  renderRoute(<AdminScreen />, '/admin');
  return { calls, events: userEvent.setup() };
}

const mutations = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

/** A user's action, from the row's Actions menu. */
async function openUserAction(events: ReturnType<typeof userEvent.setup>, name: string, action: string) {
  await events.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await events.click(await screen.findByRole('menuitem', { name: action }));
}
const names = () => screen.getAllByTestId('user-row').map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('admin dashboard', () => {
  it('shows a not-allowed state to a customer', async () => {
    setup({ 'GET /api/auth/session': { body: { user: { ...me, isAdmin: false, role: 'customer' } } } });
    expect(await screen.findByRole('heading', { name: 'Admin access required' })).toBeInTheDocument();
    expect(screen.queryByText('User Management')).not.toBeInTheDocument();
  });

  it('shows loading, title, summary cards and users sorted by id, then by clicked column', async () => {
    const { events, calls } = setup();
    expect(screen.getByText('Loading admin data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage users and monitor platform activity')).toBeInTheDocument();
    expect(screen.getByText('Total Users')).toBeInTheDocument();
    expect(await screen.findByText('$8,500.00')).toBeInTheDocument();
    expect(screen.getByText('$49.58')).toBeInTheDocument();

    // the users table is one of the later sections, drawn once the top of the page is up
    await waitFor(() => expect(names()).toEqual(['Charlie', 'alice', 'bob']));
    expect(screen.getByText('#0003')).toBeInTheDocument();
    expect(screen.getByText('#0012')).toBeInTheDocument();
    expect(screen.getAllByText('Not provided').length).toBeGreaterThan(0);

    // each order is the server's next page, drawn as a transition (lib/use-sliced-query.ts)
    await events.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(names()).toEqual(['alice', 'bob', 'Charlie']));
    await events.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(names()).toEqual(['Charlie', 'bob', 'alice']));
    await events.click(screen.getByRole('button', { name: /^Balance/ }));
    await waitFor(() => expect(names()).toEqual(['Charlie', 'bob', 'alice']));
    await events.click(screen.getByRole('button', { name: /^Balance/ }));
    await waitFor(() => expect(names()).toEqual(['alice', 'bob', 'Charlie']));
    await events.click(screen.getByRole('button', { name: /^User #/ }));
    await waitFor(() => expect(names()).toEqual(['Charlie', 'alice', 'bob']));
    // the server sorts (every user, not just this page): the first page of 50 for each order asked
    const asked = usersCalls(calls).map((call) => {
      const { sort, order, offset, limit } = Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
      return `${sort} ${order} ${offset} ${limit}`;
    });
    expect(new Set(asked)).toEqual(
      new Set(['id asc 0 50', 'name asc 0 50', 'name desc 0 50', 'balance asc 0 50', 'balance desc 0 50']),
    );
  });

  it('draws the top and the pending work without waiting for the users, then the users', async () => {
    setup();
    // the users' answer (the largest) held back until released; the session's has not arrived yet
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/admin/users')) await held;
      return answer(input, init);
    }) as typeof fetch;

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('pending-withdrawal')).not.toHaveLength(0);
    expect(screen.getAllByText('-')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'User Management' })).not.toBeInTheDocument();

    // the sections own their data: the users' page does not render them again
    const renders = jest.mocked(PendingWithdrawals).mock.calls.length;
    release();
    expect(await screen.findByText('$8,500.00')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'User Management' })).toBeInTheDocument();
    expect(jest.mocked(PendingWithdrawals).mock.calls.length).toBe(renders);
  });

  it('pages through the users 50 at a time and searches on the server', async () => {
    const many = Array.from({ length: 120 }, (_, i) => user(i + 1, `user${String(i + 1).padStart(3, '0')}`, 1000));
    const { events, calls } = setup({ 'GET /api/admin/users': usersEndpoint(many) });
    // the users' own paging (the other lists page too)
    const users = () => within(screen.getByRole('region', { name: 'User Management' }));
    await screen.findByRole('region', { name: 'User Management' });
    expect(await users().findByText('Showing 1 to 50 of 120 users')).toBeInTheDocument();
    expect(users().getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('user-row')).toHaveLength(50);
    expect(users().getByRole('button', { name: 'Previous' })).toBeDisabled();

    await events.click(users().getByRole('button', { name: 'Next' }));
    expect(await users().findByText('Showing 51 to 100 of 120 users')).toBeInTheDocument();
    expect(lastUsersQuery(calls)).toMatchObject({ offset: '50', limit: '50' });
    await events.click(users().getByRole('button', { name: 'Next' }));
    expect(await users().findByText('Showing 101 to 120 of 120 users')).toBeInTheDocument();
    expect(users().getByRole('button', { name: 'Next' })).toBeDisabled();

    // a new sort starts again at the first page
    await events.click(screen.getByRole('button', { name: /^Name/ }));
    expect(await users().findByText('Showing 1 to 50 of 120 users')).toBeInTheDocument();

    await events.type(screen.getByLabelText('Search users'), 'user11');
    await waitFor(
      () =>
        expect(names()).toEqual([
          'user110',
          'user111',
          'user112',
          'user113',
          'user114',
          'user115',
          'user116',
          'user117',
          'user118',
          'user119',
        ]),
      // whole pages of 50 rows render slowly on a busy machine
      { timeout: 15000 },
    );
    expect(lastUsersQuery(calls)).toMatchObject({ q: 'user11', offset: '0' });
    expect(users().getByText('Showing 1 to 10 of 10 users')).toBeInTheDocument();
    // the totals stay global whatever the search
    expect(screen.getByText('$8,500.00')).toBeInTheDocument();

    await events.clear(screen.getByLabelText('Search users'));
    await events.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  }, 90000);

  it('refetches all four lists every 30 seconds, and the users on Refresh Data', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      const calls = mockApi({
        'GET /api/auth/session': { body: { user: me } },
        'GET /api/admin/users': usersEndpoint(),
        'GET /api/admin/transactions': transactionsEndpoint(),
        'GET /api/admin/withdrawals': withdrawalsEndpoint(),
        'GET /api/admin/deposit-requests': depositRequestsEndpoint(),
        'GET /api/admin/charts/daily': { body: { days: [] } },
        'GET /api/admin/notifications': { body: { unread: 0, notifications: [] } },
        'GET /api/admin/blog/posts': { body: [] },
        'GET /api/admin/payouts': { body: { payoutFiles: [] } },
      });
      renderRoute(<AdminScreen />, '/admin');
      await screen.findByRole('heading', { name: 'Admin Dashboard' });
      const count = (path: string) => calls.filter((call) => call.url.split('?')[0] === path).length;
      const lists = [
        '/api/admin/users',
        '/api/admin/transactions',
        '/api/admin/withdrawals',
        '/api/admin/deposit-requests',
      ];
      await waitFor(() => lists.forEach((path) => expect(count(path)).toBe(1)));
      await act(async () => {
        jest.advanceTimersByTime(30_000);
      });
      await waitFor(() => lists.forEach((path) => expect(count(path)).toBe(2)));

      screen.getByRole('button', { name: 'Refresh Data' }).click();
      await waitFor(() => expect(count('/api/admin/users')).toBe(3));
      expect(count('/api/admin/transactions')).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses an invalid amount in Add Balance, then adds with an idempotency key', async () => {
    const { events, calls } = setup({ 'PATCH /api/admin/users/7/balance': { body: { user: me } } });
    await openUserAction(events, 'alice', 'Add Balance');
    const dialog = await screen.findByRole('dialog');
    await events.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('Invalid amount')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid positive number')).toBeInTheDocument();
    expect(mutations(calls)).toHaveLength(0);
    // one toast at a time: clear the first so the next one shows at once
    toaster.remove();

    await events.type(within(dialog).getByLabelText('Amount'), '250.5');
    await events.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('Balance updated successfully')).toBeInTheDocument();
    const patch = mutations(calls)[0];
    expect(patch.body).toEqual({ amount: '250.50', operation: 'add' });
    expect(patch.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // users and transactions refetched
    await waitFor(() => expect(usersCalls(calls)).toHaveLength(2));
    expect(calls.filter((call) => call.url.startsWith('/api/admin/transactions?'))).toHaveLength(2);
  });

  it('shows the available balance in Remove Balance and reports a failure', async () => {
    const { events } = setup({
      'PATCH /api/admin/users/12/balance': { status: 400, body: { message: 'Insufficient funds' } },
    });
    await openUserAction(events, 'bob', 'Remove Balance');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Available balance: $2,500.00')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('max', '2500');
    await events.type(within(dialog).getByLabelText('Amount'), '3000');
    await events.click(within(dialog).getByRole('button', { name: 'Remove Balance' }));
    expect(await screen.findByText('Error updating balance')).toBeInTheDocument();
    // the server's own reason, not "Please try again later"
    expect(screen.getByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.queryByText('Please try again later')).not.toBeInTheDocument();
  });

  it('says "Please try again later" when the balance change fails without a reason', async () => {
    const { events } = setup({
      'PATCH /api/admin/users/12/balance': { status: 503, body: { message: 'Service Unavailable' } },
    });
    await openUserAction(events, 'bob', 'Remove Balance');
    const dialog = await screen.findByRole('dialog');
    await events.type(within(dialog).getByLabelText('Amount'), '30');
    await events.click(within(dialog).getByRole('button', { name: 'Remove Balance' }));
    expect(await screen.findByText('Error updating balance')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('keeps Confirm Deposit disabled while the amount is empty', async () => {
    const { events, calls } = setup({ 'POST /api/admin/deposits/confirm': { status: 201, body: {} } });
    await openUserAction(events, 'Charlie', 'Confirm Deposit');
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Deposit' });
    expect(confirm).toBeDisabled();
    await events.type(within(dialog).getByLabelText('Deposit Amount'), '1200');
    await events.type(within(dialog).getByLabelText(/Note/), 'wire 77');
    expect(confirm).toBeEnabled();
    await events.click(confirm);
    expect(await screen.findByText('Deposit Confirmed')).toBeInTheDocument();
    expect(mutations(calls)[0].body).toEqual({ userId: 3, amount: '1200.00', note: 'wire 77' });
  });

  it('lists pending withdrawals; approve needs banking details and asks first, showing them', async () => {
    let approved = false;
    const { events, calls } = setup({
      'GET /api/admin/withdrawals': withdrawalsEndpoint(() =>
        withdrawals.map((item) => (approved && item.id === 21 ? { ...item, status: 'processed' as const } : item)),
      ),
      'PATCH /api/admin/withdrawals/21/approve': () => {
        approved = true;
        return { body: {} };
      },
    });
    const entries = await screen.findAllByTestId('pending-withdrawal');
    expect(entries).toHaveLength(2);
    const [bob, charlie] = entries;
    expect(within(charlie).getByText('Not provided')).toBeInTheDocument();
    expect(within(charlie).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(charlie).getByText('Banking details required to approve')).toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await events.click(within(bob).getByRole('button', { name: 'Approve' }));
    // nothing moves before the admin has seen who, how much and where to
    const ask = await screen.findByRole('alertdialog', { name: 'Approve Withdrawal' });
    expect(ask).toHaveTextContent('$1,500.00');
    expect(ask).toHaveTextContent('bob (bob@example.com)');
    expect(ask).toHaveTextContent('GB33BUKB20201555555555');
    expect(mutations(calls)).toHaveLength(0);
    await events.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mutations(calls)).toHaveLength(0);

    await events.click(within(bob).getByRole('button', { name: 'Approve' }));
    await events.click(
      within(await screen.findByRole('alertdialog', { name: 'Approve Withdrawal' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText('Withdrawal Approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-withdrawal')).toHaveLength(1));
    expect(mutations(calls)[0].url).toBe('/api/admin/withdrawals/21/approve');
    expect(mutations(calls)[0].headers['Idempotency-Key']).toBeTruthy();
  });

  it('edits a withdrawal only with an amount of at least 1000', async () => {
    const { events, calls } = setup({ 'PATCH /api/admin/withdrawals/21/edit': { body: {} } });
    const [bob] = await screen.findAllByTestId('pending-withdrawal');
    await events.click(within(bob).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Withdrawal Request' });
    expect(within(dialog).getByText('Current amount: $1,500.00')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('New Amount');
    await events.clear(input);
    await events.type(input, '999');
    expect(within(dialog).getByRole('button', { name: 'Update Amount' })).toBeDisabled();
    await events.clear(input);
    await events.type(input, '1200');
    await events.click(within(dialog).getByRole('button', { name: 'Update Amount' }));
    expect(await screen.findByText('Withdrawal Updated')).toBeInTheDocument();
    expect(mutations(calls)[0].body).toEqual({ amount: '1200.00' });
  });

  it('deletes a withdrawal only after confirmation', async () => {
    const { events, calls } = setup({ 'DELETE /api/admin/withdrawals/21': { status: 204 } });
    const [bob] = await screen.findAllByTestId('pending-withdrawal');
    await events.click(within(bob).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mutations(calls)).toHaveLength(0);
    await events.click(within(bob).getByRole('button', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Withdrawal Deleted')).toBeInTheDocument();
    expect(mutations(calls)[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/withdrawals/21' });
  });

  it('counts pending deposit requests; edit refuses below 1000', async () => {
    const { events, calls } = setup({
      'PATCH /api/admin/deposit-requests/31/edit': { body: {} },
    });
    expect(await screen.findByTestId('deposit-requests-count')).toHaveTextContent('1');
    const [entry] = screen.getAllByTestId('pending-deposit-request');

    await events.click(within(entry).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Deposit Request' });
    const input = within(dialog).getByLabelText('New Amount');
    await events.clear(input);
    expect(within(dialog).getByRole('button', { name: 'Update Amount' })).toBeDisabled();
    await events.type(input, '500');
    expect(within(dialog).getByRole('button', { name: 'Update Amount' })).toBeDisabled();
    await events.clear(input);
    await events.type(input, '3000');
    await events.click(within(dialog).getByRole('button', { name: 'Update Amount' }));
    expect(await screen.findByText('Deposit Request Updated')).toBeInTheDocument();
    expect(mutations(calls)[0].body).toEqual({ amount: '3000.00' });
  });

  it('reports a failed deposit request confirmation with the server message', async () => {
    const { events } = setup({
      'PATCH /api/admin/deposit-requests/31/confirm': { status: 409, body: { message: 'Already confirmed' } },
    });
    const [entry] = await screen.findAllByTestId('pending-deposit-request');
    await events.click(within(entry).getByRole('button', { name: 'Confirm' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm Deposit' }));
    expect(await screen.findByText('Error confirming deposit request')).toBeInTheDocument();
    expect(screen.getByText('Already confirmed')).toBeInTheDocument();
  });

  it('confirms a deposit request after showing who, how much and the reference, with an idempotency key', async () => {
    let confirmed = false;
    const { events, calls } = setup({
      'GET /api/admin/deposit-requests': depositRequestsEndpoint(() =>
        depositRequests.map((item) => (confirmed ? { ...item, status: 'confirmed' as const } : item)),
      ),
      'PATCH /api/admin/deposit-requests/31/confirm': () => {
        confirmed = true;
        return { body: {} };
      },
    });
    const [entry] = await screen.findAllByTestId('pending-deposit-request');
    await events.click(within(entry).getByRole('button', { name: 'Confirm' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Confirm Deposit Request' });
    expect(ask).toHaveTextContent('$2,000.00');
    expect(ask).toHaveTextContent('alice (alice@example.com)');
    expect(ask).toHaveTextContent('REF00007');
    expect(mutations(calls)).toHaveLength(0);
    await events.type(within(ask).getByLabelText(/Note/), 'wire 88');
    await events.click(within(ask).getByRole('button', { name: 'Confirm Deposit' }));
    // the entry leaves the list on the refetch; the toast still shows
    expect(await screen.findByText('Deposit Request Confirmed')).toBeInTheDocument();
    expect(await screen.findByText('No Pending Deposit Requests')).toBeInTheDocument();
    expect(mutations(calls)[0].headers['Idempotency-Key']).toBeTruthy();
    expect(mutations(calls)[0].body).toEqual({ note: 'wire 88' });
  });

  it('deletes a deposit request after confirmation', async () => {
    const { events, calls } = setup({ 'DELETE /api/admin/deposit-requests/31': { status: 204 } });
    const [entry] = await screen.findAllByTestId('pending-deposit-request');
    await events.click(within(entry).getByRole('button', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deposit Request Deleted')).toBeInTheDocument();
    expect(mutations(calls)[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/deposit-requests/31' });
  });

  it('shows empty states', async () => {
    setup({
      'GET /api/admin/transactions': transactionsEndpoint(() => []),
      'GET /api/admin/withdrawals': withdrawalsEndpoint(() => []),
      'GET /api/admin/deposit-requests': depositRequestsEndpoint(() => []),
    });
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(await screen.findByText('No pending withdrawals')).toBeInTheDocument();
    expect(await screen.findByText('No Pending Deposit Requests')).toBeInTheDocument();
  });

  it('names each kind of transaction: a deposit, a removal', async () => {
    setup();
    const rows = await screen.findAllByTestId('transaction-row');
    expect(within(rows[0]).getByText('+ Deposit')).toBeInTheDocument();
    expect(within(rows[0]).getByText('wire 123')).toBeInTheDocument();
    expect(within(rows[1]).getByText('- Adjustment')).toBeInTheDocument();
    expect(screen.queryByText('- Credit')).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('02/11/2026, 10:00')).toBeInTheDocument();
  });

  it('shows the unread count and marks a notification read', async () => {
    const { events, calls } = setup({ 'PATCH /api/admin/notifications/51/read': { body: {} } });
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('1');
    await events.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByText('alice requested a deposit of $2,000.00')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(mutations(calls)[0].url).toBe('/api/admin/notifications/51/read'));
  });

  it('writes a blog post with a sanitized markdown preview', async () => {
    const { events, calls } = setup({
      'POST /api/admin/blog/posts': ({ body }) => ({ status: 201, body: { id: 1, ...(body as object) } }),
    });
    await events.click(await screen.findByRole('button', { name: 'New Post' }));
    await events.type(screen.getByLabelText(/Title/), 'Bonds 101');
    // pasted: typing re-renders the preview per key, slow on a busy machine
    await events.click(screen.getByLabelText(/Content/));
    await events.paste('## Why **bonds**<img src=x onerror=alert(1)>');
    const preview = screen.getByTestId('blog-preview');
    expect(preview.querySelector('h2')?.textContent).toBe('Why bonds');
    expect(preview.innerHTML).not.toContain('onerror');
    await events.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Blog post saved')).toBeInTheDocument();
    expect(mutations(calls)[0].body).toMatchObject({ title: 'Bonds 101', excerpt: '' });
  });

  it('publishes, edits and deletes a blog post', async () => {
    const post = {
      id: 5,
      title: 'Bonds 101',
      slug: 'bonds-101',
      excerpt: 'Basics',
      content: '# Bonds',
      featuredImage: null,
      metaTitle: null,
      metaDescription: null,
      keywords: 'bonds',
      published: false,
      publishedAt: null,
      createdAt: '2026-11-20T10:00:00Z',
      updatedAt: '2026-11-20T10:00:00Z',
    };
    const { events, calls } = setup({
      'GET /api/admin/blog/posts': { body: [post] },
      'PUT /api/admin/blog/posts/5': ({ body }) => ({ body: { ...post, ...(body as object) } }),
      'DELETE /api/admin/blog/posts/5': { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    await events.click(within(table).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(mutations(calls)[0]).toMatchObject({ method: 'PUT', body: { published: true } }));

    await events.click(within(table).getByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText(/Title/);
    expect(title).toHaveValue('Bonds 101');
    expect(screen.getByTestId('blog-preview').querySelector('h1')?.textContent).toBe('Bonds');
    await events.clear(title);
    await events.paste('Bonds 102');
    await events.click(screen.getByRole('button', { name: 'Save Post' }));
    await waitFor(() => expect(mutations(calls)[1].body).toMatchObject({ title: 'Bonds 102', slug: 'bonds-101' }));

    const list = await screen.findByRole('table', { name: 'Blog posts' });
    await events.click(within(list).getByRole('button', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(mutations(calls)[2]).toMatchObject({ method: 'DELETE', url: '/api/admin/blog/posts/5' }),
    );
  });

  it('refetches the lists when the window regains focus, though the app never marks data stale', async () => {
    const { calls } = setup();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const count = (path: string) => calls.filter((call) => call.url.split('?')[0] === path).length;
    const lists = [
      '/api/admin/users',
      '/api/admin/transactions',
      '/api/admin/withdrawals',
      '/api/admin/deposit-requests',
    ];
    await waitFor(() => lists.forEach((path) => expect(count(path)).toBe(1)));
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => lists.forEach((path) => expect(count(path)).toBe(2)));
    act(() => focusManager.setFocused(undefined));
  });

  it('says a failed list could not load, with a retry, never "No pending withdrawals"', async () => {
    let failing = true;
    const { events } = setup({
      'GET /api/admin/withdrawals': (request) =>
        failing ? { status: 500, body: { message: 'Internal server error' } } : withdrawalsEndpoint()(request),
    });
    const panel = await screen.findByRole('region', { name: 'Pending Withdrawals' });
    expect(
      await within(panel).findByText('Unable to load the withdrawals. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByText('No pending withdrawals')).not.toBeInTheDocument();
    failing = false;
    await events.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findAllByTestId('pending-withdrawal')).toHaveLength(2);
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages the pending work 10 at a time from the server, by customer and status', async () => {
    const many: AdminWithdrawalItem[] = Array.from({ length: 24 }, (_, i) => ({
      ...withdrawals[0],
      id: 1000 + i,
      userName: i < 3 ? `Quinn ${i}` : `Saver ${i}`,
      userEmail: `saver${i}@example.com`,
      status: i % 2 === 0 ? 'pending' : 'completed',
    }));
    const { events, calls } = setup({ 'GET /api/admin/withdrawals': withdrawalsEndpoint(() => many) });
    const panel = await screen.findByRole('region', { name: 'Pending Withdrawals' });
    expect(await within(panel).findByText('Showing 1 to 10 of 12 withdrawals')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('pending-withdrawal')).toHaveLength(10);
    expect(within(panel).getByTestId('withdrawals-count')).toHaveTextContent('12');
    await events.click(within(panel).getByRole('button', { name: 'Next' }));
    expect(await within(panel).findByText('Showing 11 to 12 of 12 withdrawals')).toBeInTheDocument();
    const asked = () =>
      Object.fromEntries(
        new URL(calls.filter((call) => call.url.startsWith('/api/admin/withdrawals?')).at(-1)?.url ?? '', 'http://x')
          .searchParams,
      );
    expect(asked()).toMatchObject({ limit: '10', offset: '10', status: 'pending' });

    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'all' } });
    expect(await within(panel).findByText('Showing 1 to 10 of 24 withdrawals')).toBeInTheDocument();
    expect(asked()).toMatchObject({ offset: '0', status: 'all' });
    await events.type(within(panel).getByLabelText('Customer'), 'quinn');
    expect(
      await within(panel).findByText('Showing 1 to 3 of 3 withdrawals', undefined, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(asked()).toMatchObject({ q: 'quinn', offset: '0', status: 'all' });
  }, 90000);

  it('titles the page', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(document.title).toBe('Admin Dashboard — Savings Platform');
  });

  it('shows users and transactions as cards on a phone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      const { events } = setup();
      expect(await screen.findAllByTestId('user-card')).toHaveLength(3);
      expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
      expect(await screen.findAllByTestId('transaction-card')).toHaveLength(2);
      expect(screen.queryByTestId('transaction-row')).not.toBeInTheDocument();
      await openUserAction(events, 'alice', 'Add Balance');
      expect(await screen.findByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});

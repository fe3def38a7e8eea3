import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
// first: its polyfills (TextEncoder) before the router loads
import { mockApi, renderRoute } from '../lib/test-utils';
import { AdminScreen } from '../features/admin/admin-route';
import { DashboardScreen } from '../features/investor/dashboard-route';
import { InterestHistoryScreen } from '../features/investor/interest-history-route';
import { WithdrawalScreen } from '../features/investor/withdrawal-route';
import { HeaderSessionWatcher } from '../features/public/components/header-session';
import { FIRST_REQUESTS } from './first-requests';

const admin = {
  id: 1,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  balance: 0,
  availableBalance: 0,
  referenceCode: 'REF00001',
  beneficiaryName: null,
  iban: null,
  swift: null,
  isAdmin: true,
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const dashboard = {
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

const SCREENS: Record<string, ReactElement> = {
  '/dashboard': <DashboardScreen />,
  '/withdrawal': <WithdrawalScreen />,
  '/interest-history': <InterestHistoryScreen />,
  '/admin': <AdminScreen />,
};

/** Opens `element` at `path` below the header's session part; resolves once it has asked for every `expected` request. */
async function expectRequests(element: ReactElement, path: string, expected: readonly string[]): Promise<void> {
  // every other answer is a 404: the screens still ask for everything they show (the dashboard's
  // cards below its figures once these are in)
  const calls = mockApi({
    'GET /api/auth/session': { body: { user: admin } },
    'GET /api/user/dashboard': { body: dashboard },
  });
  renderRoute(
    <>
      <HeaderSessionWatcher onChange={() => undefined} />
      {element}
    </>,
    path,
  );
  const asked = () => calls.filter((call) => call.method === 'GET').map((call) => call.url);
  await waitFor(() => expect(asked()).toEqual(expect.arrayContaining([...expected])));
}

describe('the first requests of each signed-in screen', () => {
  it('covers every signed-in screen', () => {
    expect(Object.keys(FIRST_REQUESTS).sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it.each(Object.keys(SCREENS))('%s asks for each of its first requests, as written', async (path) => {
    await expectRequests(SCREENS[path], path, FIRST_REQUESTS[path]);
  });
});

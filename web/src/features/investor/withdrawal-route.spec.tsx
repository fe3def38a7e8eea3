import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@savings/contracts';
import { mockApi, renderRoute } from '../../lib/test-utils';
import { WithdrawalScreen } from './withdrawal-route';

const baseUser: PublicUser = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  balance: 5000,
  availableBalance: 4000,
  referenceCode: 'REF12345',
  beneficiaryName: 'Ada Lovelace',
  iban: 'GB33BUKB20201555555555',
  swift: 'BUKBGB22',
  isAdmin: false,
  role: 'customer',
  holderType: 'individual',
  legalName: null,
  registrationNumber: null,
  country: null,
  createdAt: '2026-11-01T00:00:00Z',
};

function setup(user: Partial<PublicUser> = {}, overrides: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/auth/me': { body: { user: { ...baseUser, ...user } } },
    'GET /api/user/withdrawals': {
      body: {
        withdrawals: [
          { id: 2, amount: 1500, status: 'pending', requestedAt: '2026-11-20T09:00:00Z', processedAt: null },
          {
            id: 3,
            amount: 1200,
            status: 'pending',
            requestedAt: '2026-11-18T09:00:00Z',
            processedAt: null,
            returnedForReapproval: {
              at: '2026-11-21T09:00:00Z',
              reason: 'banking-details-changed',
              message: 'The banking details changed after this withdrawal was approved, so it needs a new approval.',
            },
          },
          {
            id: 1,
            amount: 2000,
            status: 'completed',
            requestedAt: '2026-10-20T09:00:00Z',
            processedAt: '2026-11-01T09:00:00Z',
          },
        ],
      },
    },
    ...overrides,
  });
  renderRoute(<WithdrawalScreen />, '/withdrawal');
  return { calls, events: userEvent.setup() };
}

function form(name: string) {
  return within(screen.getByRole('form', { name }));
}

describe('withdrawal and profile screen', () => {
  it('shows account information and the withdrawal history with status badges', async () => {
    setup();
    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('$5,000.00')).toBeInTheDocument();
    // 5000 * 0.07 / 365
    expect(screen.getByText('$0.96')).toBeInTheDocument();
    expect(screen.getByTestId('available-balance')).toHaveTextContent('$4,000.00');
    const history = await screen.findByTestId('withdrawal-history');
    expect(within(history).getAllByText('Pending')).toHaveLength(2);
    expect(within(history).getByText('Completed')).toBeInTheDocument();
    expect(within(history).getByText(/Processed/)).toBeInTheDocument();
  });

  it('says why a withdrawal went back to pending (api-contract.md section 15)', async () => {
    setup();
    const returned = await screen.findByTestId('withdrawal-returned');
    expect(returned).toHaveTextContent(
      'Back to pending on Nov 21, 2026: The banking details changed after this withdrawal was approved, so it needs a new approval. Your money stays held meanwhile.',
    );
    expect(screen.getAllByTestId('withdrawal-returned')).toHaveLength(1);
  });

  it('offers the customer’s data as a download (GET /api/user/export)', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
  });

  it('draws its heading at once, before the profile arrives, and keeps it', async () => {
    setup();
    // the first render, before any answer: the page's largest text is already there
    const heading = screen.getByRole('heading', { level: 1, name: 'Withdrawals & Profile' });
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it('validates banking details: required fields, then IBAN and BIC', async () => {
    const { events, calls } = setup({ beneficiaryName: null, iban: null, swift: null });
    const banking = await screen.findByRole('form', { name: 'Banking details' });
    await events.click(within(banking).getByRole('button', { name: 'Save Banking Details' }));
    expect(screen.getByText('Beneficiary name is required')).toBeInTheDocument();
    expect(screen.getByText('IBAN is required')).toBeInTheDocument();
    expect(screen.getByText('SWIFT code is required')).toBeInTheDocument();

    await events.type(form('Banking details').getByLabelText(/Beneficiary name/), 'Ada');
    await events.type(form('Banking details').getByLabelText(/IBAN/), 'GB00BUKB20201555555555');
    await events.type(form('Banking details').getByLabelText(/SWIFT/), 'BUK');
    await events.click(screen.getByRole('button', { name: 'Save Banking Details' }));
    expect(screen.getByText('IBAN is not valid')).toBeInTheDocument();
    expect(screen.getByText(/SWIFT\/BIC must be 8 or 11 characters/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves valid banking details', async () => {
    const { events, calls } = setup(
      { beneficiaryName: null, iban: null, swift: null },
      { 'PUT /api/user/banking-details': { body: { user: baseUser } } },
    );
    const banking = await screen.findByRole('form', { name: 'Banking details' });
    await events.type(within(banking).getByLabelText(/Beneficiary name/), 'Ada Lovelace');
    await events.type(within(banking).getByLabelText(/IBAN/), 'GB33 BUKB 2020 1555 5555 55');
    await events.type(within(banking).getByLabelText(/SWIFT/), 'BUKBGB22');
    await events.click(within(banking).getByRole('button', { name: 'Save Banking Details' }));
    expect(await screen.findByText('Banking details updated')).toBeInTheDocument();
    expect(screen.getByText('Your payment information has been saved successfully.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      beneficiaryName: 'Ada Lovelace',
      iban: 'GB33 BUKB 2020 1555 5555 55',
      swift: 'BUKBGB22',
    });
  });

  it('disables the withdrawal without saved banking details', async () => {
    const { events } = setup({ beneficiaryName: null });
    expect(
      await screen.findByText('Please save your banking details above before requesting a withdrawal'),
    ).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'New Withdrawal' }));
    expect(screen.getByRole('button', { name: 'Submit Withdrawal Request' })).toBeDisabled();
  });

  it('disables the withdrawal when the available balance is under $1,000', async () => {
    const { events } = setup({ balance: 900, availableBalance: 900 });
    expect(await screen.findByText('Insufficient balance. Minimum withdrawal amount is $1,000')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'New Withdrawal' }));
    expect(screen.getByRole('button', { name: 'Submit Withdrawal Request' })).toBeDisabled();
  });

  it('validates the withdrawal amount and submits it', async () => {
    const { events, calls } = setup(
      {},
      {
        'POST /api/user/withdrawal': {
          status: 201,
          body: {
            withdrawal: {
              id: 3,
              amount: 1200,
              status: 'pending',
              requestedAt: '2026-11-22T09:00:00Z',
              processedAt: null,
            },
          },
        },
      },
    );
    await events.click(await screen.findByRole('button', { name: 'New Withdrawal' }));
    const withdrawal = form('Request withdrawal');
    const amount = withdrawal.getByLabelText(/Amount/);
    expect(amount).toHaveAttribute('step', '1');
    await events.type(amount, '999');
    await events.click(withdrawal.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect(screen.getByText('Minimum withdrawal amount is $1,000')).toBeInTheDocument();
    await events.clear(amount);
    await events.type(amount, '4001');
    await events.click(withdrawal.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect(screen.getByText('Amount cannot exceed your available balance of $4,000.00')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await events.clear(amount);
    await events.type(amount, '1200');
    await events.click(withdrawal.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect(await screen.findByText('Withdrawal Request Submitted')).toBeInTheDocument();
    expect(screen.getByText('Your withdrawal will be processed on the 1st of the month.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: '1200.00' });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Request withdrawal' })).not.toBeInTheDocument());
  });

  it('shows "Withdrawal Failed" with the server message', async () => {
    const { events } = setup(
      {},
      { 'POST /api/user/withdrawal': { status: 409, body: { message: 'Funds are on hold' } } },
    );
    await events.click(await screen.findByRole('button', { name: 'New Withdrawal' }));
    await events.type(form('Request withdrawal').getByLabelText(/Amount/), '1000');
    await events.click(screen.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect(await screen.findByText('Withdrawal Failed')).toBeInTheDocument();
    expect(screen.getByText('Funds are on hold')).toBeInTheDocument();
  });

  it('validates the password change', async () => {
    const { events, calls } = setup({}, { 'PUT /api/user/change-password': { body: { ok: true } } });
    const password = await screen.findByRole('form', { name: 'Change password' });
    await events.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();

    await events.type(within(password).getByLabelText(/Current password/), 'old-secret');
    await events.type(within(password).getByLabelText(/^New password/), 'new-secret');
    await events.type(within(password).getByLabelText(/Confirm new password/), 'other-secret');
    await events.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await events.clear(within(password).getByLabelText(/Confirm new password/));
    await events.type(within(password).getByLabelText(/Confirm new password/), 'new-secret');
    await events.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
  });

  it('shows "Password change failed" with the server message', async () => {
    const { events } = setup(
      {},
      { 'PUT /api/user/change-password': { status: 400, body: { message: 'Current password is incorrect' } } },
    );
    const password = await screen.findByRole('form', { name: 'Change password' });
    await events.type(within(password).getByLabelText(/Current password/), 'wrong');
    await events.type(within(password).getByLabelText(/^New password/), 'new-secret');
    await events.type(within(password).getByLabelText(/Confirm new password/), 'new-secret');
    await events.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password change failed')).toBeInTheDocument();
    expect(screen.getByText('Current password is incorrect')).toBeInTheDocument();
  });

  it('goes to /auth when signed out', async () => {
    setup({}, { 'GET /api/auth/me': { status: 401, body: { message: 'Authentication required' } } });
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
  });

  it('says the withdrawals could not load, never "No withdrawals yet", and retries', async () => {
    let failing = true;
    const { events } = setup(
      {},
      {
        'GET /api/user/withdrawals': () =>
          failing
            ? { status: 500, body: { message: 'Internal server error' } }
            : {
                body: {
                  withdrawals: [
                    {
                      id: 1,
                      amount: 2000,
                      status: 'completed',
                      requestedAt: '2026-10-20T09:00:00Z',
                      processedAt: null,
                    },
                  ],
                },
              },
      },
    );
    expect(
      await screen.findByText('Unable to load your withdrawals. Check your connection and try again.', undefined, {
        timeout: 15000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No withdrawals yet')).not.toBeInTheDocument();
    failing = false;
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(document.title).toBe('Withdrawals — Savings Platform');
  }, 30000);
});

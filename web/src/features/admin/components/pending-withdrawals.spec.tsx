import { screen, within } from '@testing-library/react';
import type { AdminWithdrawalItem, PublicUser } from '@savings/contracts';
import { mockApi, renderRoute } from '../../../lib/test-utils';
import { PendingWithdrawals } from './pending-withdrawals';

jest.setTimeout(60000);

const me: PublicUser = {
  id: 1,
  name: 'Mara Maker',
  email: 'mara@example.com',
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

const returned: AdminWithdrawalItem = {
  id: 21,
  userId: 12,
  status: 'pending',
  amount: 2000,
  userName: 'Bruno',
  userEmail: 'bruno@example.com',
  requestedAt: '2026-11-20T09:00:00Z',
  processedAt: null,
  userBeneficiary: 'Bruno Costa',
  userIban: 'DE89370400440532013000',
  userSwift: 'COBADEFF',
  approvableAfter: '2099-01-01T10:00:00.000Z',
  returnedForReapproval: {
    at: '2026-11-22T10:00:00.000Z',
    reason: 'banking-details-changed',
    message: 'The banking details changed after this withdrawal was approved, so it needs a new approval.',
  },
};

describe('Pending Withdrawals', () => {
  it('shows plainly a withdrawal sent back for re-approval, and why; approval waits for the cooling-off', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: me } },
      'GET /api/admin/withdrawals': {
        body: { withdrawals: [returned, { ...returned, id: 22, returnedForReapproval: null }], total: 2 },
      },
    });
    renderRoute(<PendingWithdrawals />, '/admin');
    const [sentBack, plain] = await screen.findAllByTestId('pending-withdrawal');
    expect(within(sentBack).getByTestId('sent-back-for-reapproval')).toHaveTextContent(
      'Sent back for re-approval on 11/22/2026: The banking details changed after this withdrawal was approved, so it needs a new approval.',
    );
    expect(within(sentBack).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(sentBack).getByTestId('cooling-off')).toHaveTextContent('approval possible after');
    expect(within(plain).queryByTestId('sent-back-for-reapproval')).not.toBeInTheDocument();
  });
});

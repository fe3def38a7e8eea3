import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalItem, PublicUser } from '@savings/contracts';
import { mockApi, renderRoute } from '../../../lib/test-utils';
import { PendingApprovals } from './pending-approvals';

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

function approval(id: number, requestedBy: number, requestedByName: string, userName: string): ApprovalItem {
  return {
    id,
    kind: 'balance_add',
    status: 'pending',
    amount: 25000,
    userId: 40 + id,
    userName,
    requestedBy,
    requestedByName,
    requestedAt: '2026-11-24T09:00:00Z',
    note: `note ${id}`,
    depositRequestId: null,
    withdrawalId: null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    reason: null,
  };
}

function setup() {
  return mockApi({
    'GET /api/auth/session': { body: { user: me } },
    'GET /api/admin/approvals': {
      body: {
        approvals: [approval(5, 2, 'Carl Checker', 'Alice'), approval(6, 1, 'Mara Maker', 'Bruno')],
        fourEyesThreshold: 10000,
      },
    },
    'POST /api/admin/approvals/5/approve': { body: { approval: { ...approval(5, 2, 'Carl Checker', 'Alice') } } },
    'POST /api/admin/approvals/6/reject': { body: { approval: { ...approval(6, 1, 'Mara Maker', 'Bruno') } } },
  });
}

describe('Pending Approvals', () => {
  it('shows amount, customer, maker and note; the maker sees their own as waiting, without Approve', async () => {
    setup();
    renderRoute(<PendingApprovals />);
    const entries = await screen.findAllByTestId('pending-approval');
    const [others, mine] = entries;
    expect(within(others).getByText('$25,000.00 · Alice')).toBeTruthy();
    expect(within(others).getByText(/Requested by Carl Checker/)).toBeTruthy();
    expect(within(others).getByText('Note: note 5')).toBeTruthy();
    expect(within(others).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(mine).getByText('Waiting for a second admin')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('Admin money moves of $10,000.00 or more need a second admin.')).toBeTruthy();
  });

  it('approves after a confirmation, with an Idempotency-Key; rejects only with a reason', async () => {
    const calls = setup();
    renderRoute(<PendingApprovals />);
    const [others, mine] = await screen.findAllByTestId('pending-approval');
    await userEvent.click(within(others).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/approvals/5/approve')).toBe(true));
    const approve = calls.find((c) => c.url === '/api/admin/approvals/5/approve');
    expect(approve?.headers['Idempotency-Key']).toBeTruthy();

    await userEvent.click(within(mine).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Asked by mistake');
    await userEvent.click(reject);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/approvals/6/reject')?.body).toEqual({
        reason: 'Asked by mistake',
      }),
    );
  });
});

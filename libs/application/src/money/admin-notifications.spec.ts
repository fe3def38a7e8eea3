import type { ApprovalKind, ApprovalState } from '@savings/domain';
import { approvalNotification } from './admin-notifications';

/** Given a new approval, when every admin is told, then the notification names the move in words. */

const holder = {
  id: 42,
  name: 'Ann',
  email: 'ann@example.test',
  language: 'en',
  referenceCode: '22222222',
  beneficiaryName: null,
  iban: null,
  swift: null,
  bankingDetailsChangedAt: null,
};
const approval = (kind: ApprovalKind): ApprovalState => ({
  id: 9,
  version: 1,
  status: 'pending',
  kind,
  userId: 42,
  amountCents: 2_500_050n,
  depositRequestId: null,
  withdrawalId: null,
  note: null,
  makerId: 7,
});

describe('approval notifications', () => {
  it.each<[ApprovalKind, string]>([
    ['balance_add', "Max asks a second admin to add $25,000.50 to Ann's balance"],
    ['balance_subtract', "Max asks a second admin to subtract $25,000.50 from Ann's balance"],
    ['deposit', 'Max asks a second admin to confirm a deposit of $25,000.50 for Ann'],
    ['deposit_request', 'Max asks a second admin to confirm a deposit request of $25,000.50 for Ann'],
    ['withdrawal', 'Max asks a second admin to approve a withdrawal of $25,000.50 for Ann'],
  ])('a %s approval: "%s"', (kind, message) => {
    expect(approvalNotification(approval(kind), holder, 'Max')).toEqual({
      type: 'approval_request',
      message,
      userId: '42',
      relatedId: '9',
    });
  });
});

import {
  Money,
  WithdrawalReturnMessages,
  type AccountEvent,
  type ApprovalKind,
  type ApprovalState,
} from '@savings/domain';
import type { NotificationRow } from '@savings/ledger';
import type { AccountHolder } from './account-ledger';

/**
 * The admin notifications an account's events call for (api-contract.md section 5: every deposit and
 * withdrawal request), written by the append with the events. Not a projection: read state is the
 * operator's, and replay keeps the table as it is.
 */
export function notificationsFor(holder: AccountHolder, events: AccountEvent[]): NotificationRow[] {
  const rows: NotificationRow[] = [];
  for (const event of events) {
    if (event.type === 'DepositRequested') {
      rows.push({
        type: 'deposit_request',
        message: `${holder.name} requested a deposit of ${Money.formatUsd(BigInt(event.data.amountCents))}`,
        userId: String(holder.id),
        relatedId: String(event.data.depositRequestId),
      });
    }
    if (event.type === 'WithdrawalRequested') {
      rows.push({
        type: 'withdrawal_request',
        message: `${holder.name} requested a withdrawal of ${Money.formatUsd(BigInt(event.data.amountCents))}`,
        userId: String(holder.id),
        relatedId: String(event.data.withdrawalId),
      });
    }
    // api-contract.md section 15: an approved withdrawal needs a new approval
    if (event.type === 'WithdrawalReturnedForReapproval') {
      rows.push({
        type: 'withdrawal_returned',
        message:
          `${holder.name}'s withdrawal of ${Money.formatUsd(BigInt(event.data.amountCents))} is pending again. ` +
          WithdrawalReturnMessages[event.data.reason],
        userId: String(holder.id),
        relatedId: String(event.data.withdrawalId),
      });
    }
  }
  return rows;
}

const MOVE_WORDS: Record<ApprovalKind, string> = {
  balance_add: 'add',
  balance_subtract: 'subtract',
  deposit: 'confirm a deposit of',
  deposit_request: 'confirm a deposit request of',
  withdrawal: 'approve a withdrawal of',
};

/** A new approval waits for a second admin (api-contract.md section 9): every admin is told. */
export function approvalNotification(
  approval: ApprovalState,
  holder: AccountHolder,
  makerName: string,
): NotificationRow {
  const amount = Money.formatUsd(approval.amountCents);
  const what =
    approval.kind === 'balance_add'
      ? `add ${amount} to ${holder.name}'s balance`
      : approval.kind === 'balance_subtract'
        ? `subtract ${amount} from ${holder.name}'s balance`
        : `${MOVE_WORDS[approval.kind]} ${amount} for ${holder.name}`;
  return {
    type: 'approval_request',
    message: `${makerName} asks a second admin to ${what}`,
    userId: String(holder.id),
    relatedId: String(approval.id),
  };
}

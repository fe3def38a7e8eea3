import { Money, type AccountEvent } from '@savings/domain';
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
  }
  return rows;
}

import type { AppendedEvent } from '@savings/ledger';
import type { OutboxMail } from './mail-outbox';

/** Who an account's mails go to (read with the account row). */
export interface MailRecipient {
  id: number;
  name: string;
  email: string;
  language: string;
}

/**
 * The customer mails an account's appended events call for (api-contract.md sections 14 and 15): a
 * deposit confirmed, a withdrawal approved, paid out, or back to pending for a new approval (possible
 * after `approvableAfter`, the banking-detail cooling-off, when it is still ahead). One per event,
 * caused by the event's stream and version, so a command decided again after a lost race cannot mail
 * twice.
 */
export function mailsForEvents(
  recipient: MailRecipient,
  events: readonly AppendedEvent[],
  approvableAfter: Date | null = null,
): OutboxMail[] {
  const mails: OutboxMail[] = [];
  for (const appended of events) {
    const base = {
      cause: `event:${appended.streamId}:${appended.version}`,
      userId: recipient.id,
      recipient: recipient.email,
      name: recipient.name,
      language: recipient.language,
    };
    const { event } = appended;
    switch (event.type) {
      case 'DepositConfirmed':
        mails.push({
          ...base,
          message: {
            template: 'deposit-confirmed',
            params: { amountCents: event.data.amountCents, balanceCents: event.data.balanceAfterCents },
          },
        });
        break;
      case 'WithdrawalApproved':
        mails.push({
          ...base,
          message: { template: 'withdrawal-approved', params: { amountCents: event.data.amountCents } },
        });
        break;
      case 'WithdrawalPaidOut':
        mails.push({
          ...base,
          message: {
            template: 'withdrawal-paid-out',
            params: { amountCents: event.data.amountCents, payoutDate: event.data.payoutDate },
          },
        });
        break;
      case 'WithdrawalReturnedForReapproval':
        mails.push({
          ...base,
          message: {
            template: 'withdrawal-returned',
            params: {
              amountCents: event.data.amountCents,
              reason: event.data.reason,
              approvableAfter: approvableAfter?.toISOString() ?? null,
            },
          },
        });
        break;
      default:
        break;
    }
  }
  return mails;
}

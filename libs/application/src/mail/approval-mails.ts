import type { SqlQueryable } from '@savings/database';
import type { AppendedEvent } from '@savings/ledger';
import type { ApprovalState, WithdrawalReturnReason } from '@savings/domain';
import type { MailRecipient } from './account-mails';
import type { OutboxMail } from './mail-outbox';

/** A four-eyes approval just asked for, as its mail needs it. */
export interface AskedApproval {
  approval: ApprovalState;
  customerName: string;
  makerName: string;
}

/** Every admin who may decide approvals (each mail goes to the admins but the maker). */
export function adminRecipients(tx: SqlQueryable): Promise<MailRecipient[]> {
  return tx
    .query<{ id: string; name: string; email: string; language: string }>(
      `select id::text as id, name, email, language from users where role = 'admin' order by id`,
    )
    .then((rows) =>
      rows.map((row) => ({ id: Number(row.id), name: row.name, email: row.email, language: row.language })),
    );
}

/**
 * Admins are mailed for new approvals waiting for them (api-contract.md section 14): every admin but
 * the maker, once per approval and admin.
 */
export function approvalMails(asked: AskedApproval[], admins: MailRecipient[], linkOrigin: string): OutboxMail[] {
  const mails: OutboxMail[] = [];
  for (const { approval, customerName, makerName } of asked) {
    for (const admin of admins) {
      if (admin.id === approval.makerId) continue;
      mails.push({
        cause: `approval-requested:${approval.id}:${admin.id}`,
        userId: admin.id,
        recipient: admin.email,
        name: admin.name,
        language: admin.language,
        message: {
          template: 'approval-waiting',
          params: {
            customer: customerName,
            amountCents: approval.amountCents.toString(),
            requestedBy: makerName,
            link: `${linkOrigin}/admin`,
          },
        },
      });
    }
  }
  return mails;
}

/** An approved withdrawal back to `pending` (api-contract.md section 15), as the admins' mail needs it. */
export interface ReturnedWithdrawal {
  withdrawalId: number;
  /** the stream version of its event: one mail per admin and return */
  cause: string;
  customerName: string;
  amountCents: string;
  reason: WithdrawalReturnReason;
  approvableAfter: Date | null;
}

/** Every admin is mailed that the withdrawal needs a new approval, once per return. */
export function reapprovalMails(
  returned: ReturnedWithdrawal[],
  admins: MailRecipient[],
  linkOrigin: string,
): OutboxMail[] {
  const mails: OutboxMail[] = [];
  for (const withdrawal of returned) {
    for (const admin of admins) {
      mails.push({
        cause: `withdrawal-reapproval:${withdrawal.cause}:${admin.id}`,
        userId: admin.id,
        recipient: admin.email,
        name: admin.name,
        language: admin.language,
        message: {
          template: 'withdrawal-reapproval',
          params: {
            customer: withdrawal.customerName,
            amountCents: withdrawal.amountCents,
            reason: withdrawal.reason,
            approvableAfter: withdrawal.approvableAfter?.toISOString() ?? null,
            link: `${linkOrigin}/admin`,
          },
        },
      });
    }
  }
  return mails;
}

/** The returned withdrawals among an account's appended events. */
export function returnedWithdrawals(
  customerName: string,
  events: readonly AppendedEvent[],
  approvableAfter: Date | null,
): ReturnedWithdrawal[] {
  const returned: ReturnedWithdrawal[] = [];
  for (const appended of events) {
    const { event } = appended;
    if (event.type !== 'WithdrawalReturnedForReapproval') continue;
    returned.push({
      withdrawalId: event.data.withdrawalId,
      cause: `${appended.streamId}:${appended.version}`,
      customerName,
      amountCents: event.data.amountCents,
      reason: event.data.reason,
      approvableAfter,
    });
  }
  return returned;
}

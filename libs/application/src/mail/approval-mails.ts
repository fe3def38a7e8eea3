import type { SqlQueryable } from '@savings/database';
import type { ApprovalState } from '@savings/domain';
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

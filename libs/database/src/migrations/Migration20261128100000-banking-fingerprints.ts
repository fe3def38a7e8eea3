import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts go where they were approved (issue 31, api-contract.md section 15;
 * docs/decisions/0031-banking-fingerprints-and-statement-links.md). Projections of the withdrawal's
 * events, rebuilt by replay:
 *  - approved_banking_fingerprint: the keyed fingerprint its last WithdrawalApproved recorded; the
 *    payout pays the withdrawal only to details with this fingerprint;
 *  - returned_at, return_reason: when and why an approved withdrawal went back to `pending`
 *    (WithdrawalReturnedForReapproval), shown to the customer and the admins until it is approved again.
 * Admins are notified of such a withdrawal (notification type withdrawal_returned).
 */
export class Migration20261128100000BankingFingerprints extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table withdrawals add column approved_banking_fingerprint text');
    this.addSql('alter table withdrawals add column returned_at timestamptz');
    this.addSql(`alter table withdrawals add column return_reason text
      check (return_reason in ('banking-details-changed', 'banking-details-differ-at-payout'))`);
    this.addSql('alter table admin_notifications drop constraint admin_notifications_type_check');
    this.addSql(`alter table admin_notifications add constraint admin_notifications_type_check
      check (type in ('deposit_request', 'withdrawal_request', 'approval_request', 'withdrawal_returned'))`);
  }

  override async down(): Promise<void> {
    this.addSql("delete from admin_notifications where type = 'withdrawal_returned'");
    this.addSql('alter table admin_notifications drop constraint admin_notifications_type_check');
    this.addSql(`alter table admin_notifications add constraint admin_notifications_type_check
      check (type in ('deposit_request', 'withdrawal_request', 'approval_request'))`);
    this.addSql('alter table withdrawals drop column return_reason');
    this.addSql('alter table withdrawals drop column returned_at');
    this.addSql('alter table withdrawals drop column approved_banking_fingerprint');
  }
}

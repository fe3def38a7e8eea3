import { Migration } from '@mikro-orm/migrations';

/**
 * Four eyes (api-contract.md section 9; docs/decisions/0022-staff-controls.md):
 *  - approvals: the read model of the approval streams (`approval-<id>` in ledger_streams), rebuilt by
 *    replay like the other projections; the pending ones of a deposit request or withdrawal are found
 *    by the group commit's loader to void them when the request changes;
 *  - approval_id_seq: approvals name themselves before their first event, like withdrawals;
 *  - admin notifications of type approval_request.
 */
export class Migration20261124500000Approvals extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence approval_id_seq');
    this.addSql(`create table approvals (
      id bigint primary key,
      kind text not null check (kind in ('balance_add', 'balance_subtract', 'deposit', 'deposit_request', 'withdrawal')),
      status text not null check (status in ('pending', 'approved', 'rejected', 'void')),
      user_id bigint not null references users(id),
      amount_cents bigint not null check (amount_cents > 0),
      deposit_request_id bigint references deposit_requests(id),
      withdrawal_id bigint references withdrawals(id),
      note text,
      requested_by bigint not null references users(id),
      requested_at timestamptz not null,
      decided_by bigint references users(id),
      decided_at timestamptz,
      reason text
    )`);
    this.addSql('create index approvals_status_requested_idx on approvals (status, requested_at desc, id desc)');
    this.addSql(
      "create index approvals_pending_deposit_request_idx on approvals (deposit_request_id) where status = 'pending'",
    );
    this.addSql("create index approvals_pending_withdrawal_idx on approvals (withdrawal_id) where status = 'pending'");
    this.addSql('alter table admin_notifications drop constraint admin_notifications_type_check');
    this.addSql(`alter table admin_notifications add constraint admin_notifications_type_check
      check (type in ('deposit_request', 'withdrawal_request', 'approval_request'))`);
  }

  override async down(): Promise<void> {
    this.addSql("delete from admin_notifications where type = 'approval_request'");
    this.addSql('alter table admin_notifications drop constraint admin_notifications_type_check');
    this.addSql(`alter table admin_notifications add constraint admin_notifications_type_check
      check (type in ('deposit_request', 'withdrawal_request'))`);
    this.addSql('drop table approvals');
    this.addSql('drop sequence approval_id_seq');
  }
}

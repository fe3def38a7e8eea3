import { Migration } from '@mikro-orm/migrations';

/**
 * One write path (issue 15, docs/decisions/0014-one-write-path.md):
 *  - accounts, the account projection row, also counts the pending deposit requests and withdrawals
 *    (a customer may have at most 5 of each open, api-contract.md section 8), filled here from the read
 *    models for existing accounts; from now on the append writes them with the rest of the row;
 *  - ledger_streams holds the heads (version, last hash) of streams that are not accounts, such as a
 *    payout file's, so the one append guards every stream the same way. Rebuilt by replay.
 */
export class Migration20261124000100OneWritePath extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table accounts
      add column pending_deposit_requests int not null default 0 check (pending_deposit_requests >= 0),
      add column pending_withdrawals int not null default 0 check (pending_withdrawals >= 0)`);
    this.addSql(`update accounts a set
        pending_deposit_requests = (select count(*) from deposit_requests r where r.user_id = a.user_id and r.status = 'pending'),
        pending_withdrawals = (select count(*) from withdrawals w where w.user_id = a.user_id and w.status = 'pending')
      where exists (select 1 from deposit_requests r where r.user_id = a.user_id and r.status = 'pending')
         or exists (select 1 from withdrawals w where w.user_id = a.user_id and w.status = 'pending')`);
    this.addSql(`create table ledger_streams (
      stream_id text primary key,
      version int not null check (version >= 1),
      last_hash text not null,
      updated_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table ledger_streams');
    this.addSql('alter table accounts drop column pending_deposit_requests, drop column pending_withdrawals');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Scheduled work: the state of each daily interest run and its batches (so a rerun knows what is left
 * and a date counts as done only when every batch is), and the bank payout files of the monthly job
 * with the withdrawals each lists (a withdrawal appears in exactly one file).
 */
export class Migration20261122000500Jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table interest_runs (
      accrual_date date primary key,
      status text not null default 'running' check (status in ('running', 'completed')),
      attempt integer not null default 0,
      batches integer not null default 0,
      accounts integer not null default 0,
      credited_cents bigint not null default 0,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`);
    this.addSql(`create table interest_run_batches (
      accrual_date date not null references interest_runs (accrual_date),
      from_user_id bigint not null,
      to_user_id bigint not null check (to_user_id > from_user_id),
      status text not null default 'pending' check (status in ('pending', 'done')),
      accrued integer not null default 0,
      already_accrued integer not null default 0,
      credited_cents bigint not null default 0,
      runs integer not null default 0,
      finished_at timestamptz,
      primary key (accrual_date, from_user_id)
    )`);

    this.addSql(`create table payout_files (
      id bigint generated always as identity primary key,
      payout_date date not null,
      status text not null default 'pending' check (status in ('pending', 'written')),
      withdrawal_count integer not null,
      total_cents bigint not null check (total_cents >= 0),
      csv_path text,
      xml_path text,
      created_at timestamptz not null default now(),
      written_at timestamptz
    )`);
    this.addSql('create index payout_files_date_idx on payout_files (payout_date desc, id desc)');
    this.addSql(`create table payout_file_items (
      payout_file_id bigint not null references payout_files (id),
      withdrawal_id bigint not null,
      user_id bigint not null,
      amount_cents bigint not null check (amount_cents > 0),
      beneficiary text not null,
      iban text not null,
      bic text not null,
      reference text not null,
      paid_at timestamptz,
      primary key (payout_file_id, withdrawal_id),
      constraint payout_file_items_withdrawal_unique unique (withdrawal_id)
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table payout_file_items');
    this.addSql('drop table payout_files');
    this.addSql('drop table interest_run_batches');
    this.addSql('drop table interest_runs');
  }
}

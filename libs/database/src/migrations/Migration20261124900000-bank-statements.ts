import { Migration } from '@mikro-orm/migrations';

/**
 * Bank statements and their lines (issue 18, api-contract.md section 11). A line is known across
 * imports by its entry key (the bank's reference, else a hash of its content), unique, so importing a
 * statement twice adds nothing. A line's credit is the deposits row of its DepositConfirmed event
 * (deposits.bank_statement_line_id, a projection of the event's statementLineId): the unique index
 * there is what makes "credited at most once" hold under any concurrency, and replay rebuilds it.
 */
export class Migration20261124900000BankStatements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table bank_statements (
      id bigint generated always as identity primary key,
      format text not null,
      account_iban text,
      period_from date,
      period_to date,
      file_sha256 text not null,
      imported_by bigint references users(id),
      imported_at timestamptz not null default now()
    )`);
    this.addSql(`create table bank_statement_lines (
      id bigint generated always as identity primary key,
      statement_id bigint not null references bank_statements(id),
      entry_key text not null constraint bank_statement_lines_entry_key unique,
      position text not null,
      booking_date date,
      amount_cents bigint not null check (amount_cents > 0),
      currency text not null,
      direction text not null check (direction in ('credit', 'debit')),
      booked boolean not null,
      reversal boolean not null,
      remittance text not null,
      counterparty_name text,
      counterparty_iban text,
      end_to_end_id text,
      status text not null check (status in ('unmatched', 'suggested', 'ignored', 'paid-out')),
      user_id bigint references users(id),
      deposit_request_id bigint,
      withdrawal_id bigint,
      reason text,
      decided_by bigint references users(id),
      decided_at timestamptz
    )`);
    this.addSql('create index bank_statement_lines_statement_idx on bank_statement_lines (statement_id, id)');
    this.addSql(
      'create index bank_statement_lines_withdrawal_idx on bank_statement_lines (withdrawal_id) where withdrawal_id is not null',
    );
    this.addSql('alter table deposits add column bank_statement_line_id bigint references bank_statement_lines(id)');
    this.addSql(
      'create unique index deposits_bank_statement_line_key on deposits (bank_statement_line_id) where bank_statement_line_id is not null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists deposits_bank_statement_line_key');
    this.addSql('alter table deposits drop column if exists bank_statement_line_id');
    this.addSql('drop table if exists bank_statement_lines');
    this.addSql('drop table if exists bank_statements');
  }
}

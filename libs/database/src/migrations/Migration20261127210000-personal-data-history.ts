import { Migration } from '@mikro-orm/migrations';

/**
 * What a customer's export (api-contract.md section 18) lists beyond the read models: every save of
 * their banking details, and their sign-in and two-factor history. Both are personal data that erasure
 * removes with the person.
 *
 * - `banking_details_history`: one row per save that changed the details, written in the save's
 *   transaction. The details saved before this migration become each account's first row, dated when
 *   they were last changed (else when the account was last updated).
 * - `account_security_events`: sign-ins, two-factor on, off, reset and recovery codes used, password
 *   changes and resets, with the client address the request came from (null when none was at hand).
 */
export class Migration20261127210000PersonalDataHistory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table banking_details_history (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      beneficiary_name text not null,
      iban text not null,
      swift text,
      saved_at timestamptz not null default now()
    )`);
    this.addSql('create index banking_details_history_user on banking_details_history (user_id, id)');
    this.addSql(`insert into banking_details_history (user_id, beneficiary_name, iban, swift, saved_at)
      select id, beneficiary_name, iban, swift, coalesce(banking_details_changed_at, updated_at)
        from users where beneficiary_name is not null and iban is not null order by id`);
    this.addSql(`create table account_security_events (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      kind text not null check (kind in ('sign-in', 'two-factor-sign-in', 'two-factor-enabled',
        'two-factor-disabled', 'recovery-code-used', 'two-factor-reset', 'password-changed', 'password-reset')),
      address text check (length(address) <= 64),
      at timestamptz not null default now()
    )`);
    this.addSql('create index account_security_events_user on account_security_events (user_id, id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table account_security_events');
    this.addSql('drop table banking_details_history');
  }
}

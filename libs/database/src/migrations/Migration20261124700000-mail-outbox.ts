import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 23 (api-contract.md section 14): the mail outbox, password-reset tokens, the customer's mail
 * language and when banking details last changed (the withdrawal cooling-off).
 *
 * - `mail_outbox`: one row per message, written in the transaction of the change that causes it.
 *   `cause` is unique: a cause (an event, a reset request, a month's summary) mails once, whatever
 *   retries. `message_id` is the RFC 5322 Message-ID, derived from the cause, so a resend after an
 *   unknown outcome carries the same id. A sender claims a row by moving it to `sending` with a lease.
 * - `password_reset_tokens`: only the SHA-256 of a token is stored; `used_at` makes it single-use.
 */
export class Migration20261124700000MailOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users
      add column language text not null default 'en' check (language in ('en', 'it', 'fr', 'de', 'es', 'ru', 'uk')),
      add column banking_details_changed_at timestamptz`);
    this.addSql(`create table mail_outbox (
      id bigint generated always as identity primary key,
      cause text not null,
      user_id bigint references users (id) on delete set null,
      recipient text not null check (length(recipient) between 3 and 254),
      template text not null,
      language text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      message_id text not null,
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
      attempts integer not null default 0,
      lease_until timestamptz,
      enqueued_at timestamptz,
      last_error text,
      smtp_response text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      constraint mail_outbox_cause_unique unique (cause),
      constraint mail_outbox_message_id_unique unique (message_id)
    )`);
    this.addSql(`create index mail_outbox_open on mail_outbox (id) where status in ('pending', 'sending')`);
    this.addSql(`create table password_reset_tokens (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      token_hash text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      constraint password_reset_tokens_hash_unique unique (token_hash)
    )`);
    this.addSql('create index password_reset_tokens_user on password_reset_tokens (user_id, created_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table password_reset_tokens');
    this.addSql('drop table mail_outbox');
    this.addSql('alter table users drop column banking_details_changed_at, drop column language');
  }
}

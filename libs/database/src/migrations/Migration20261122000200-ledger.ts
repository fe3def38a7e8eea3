import { Migration } from '@mikro-orm/migrations';

/**
 * The event-sourced, double-entry ledger (issue 3): the append-only event log with its postings and
 * sealed blocks, the read models projected from it, admin notifications and idempotency records.
 *
 * The database itself enforces what a bug in the code must never break: events, postings and blocks
 * refuse UPDATE, DELETE and TRUNCATE (triggers), balances and holds never go negative (CHECK).
 * Sessions with session_replication_role = replica (test resets, a superuser repairing data) skip the
 * guard triggers; that is deliberate and is what verify detects.
 */
export class Migration20261122000200Ledger extends Migration {
  override async up(): Promise<void> {
    // ---- account projection: the fold of each stream, and the expected version for appends ----
    this.addSql(`create table accounts (
      user_id bigint primary key references users(id),
      version int not null default 0 check (version >= 0),
      balance_cents bigint not null default 0 check (balance_cents >= 0),
      held_cents bigint not null default 0,
      interest_carry int not null default 0 check (interest_carry >= 0 and interest_carry < 36500),
      last_accrual_date date,
      last_hash text,
      updated_at timestamptz not null default now(),
      constraint accounts_held_within_balance check (held_cents >= 0 and held_cents <= balance_cents)
    )`);

    // ---- the log ----
    this.addSql('create sequence ledger_events_seq as bigint');
    this.addSql(`create table ledger_events (
      seq bigint primary key,
      stream_id text not null,
      version int not null check (version >= 1),
      type text not null,
      schema_version smallint not null,
      payload jsonb not null,
      metadata jsonb not null,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now(),
      hash text not null,
      prev_hash text not null,
      constraint ledger_events_stream_version unique (stream_id, version)
    )`);
    this.addSql('alter sequence ledger_events_seq owned by ledger_events.seq');
    // late interest accruals look for events that happened after an accrual instant
    this.addSql('create index ledger_events_occurred_at_idx on ledger_events (occurred_at)');

    this.addSql(`create table ledger_postings (
      event_seq bigint not null references ledger_events(seq),
      line smallint not null,
      account text not null,
      amount_cents bigint not null,
      primary key (event_seq, line)
    )`);

    this.addSql(`create table ledger_blocks (
      block_no bigint primary key,
      first_seq bigint not null,
      last_seq bigint not null,
      event_count int not null,
      events_digest text not null,
      prev_hash text not null,
      hash text not null,
      sealed_at timestamptz not null default now()
    )`);

    // The transaction id is taken BEFORE the sequence number: a sealer that reads the sequence, then
    // waits for every transaction in progress at that moment, knows no event with a lower seq can
    // still appear (docs/decisions/0005-hash-chain-and-blocks.md).
    this.addSql(`create function ledger_events_assign_seq() returns trigger language plpgsql as $$
      begin
        perform pg_current_xact_id();
        new.seq := nextval('ledger_events_seq');
        return new;
      end $$`);
    this.addSql(`create trigger ledger_events_assign_seq before insert on ledger_events
      for each row execute function ledger_events_assign_seq()`);

    this.addSql(`create function ledger_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger table % is append-only: % refused', tg_table_name, tg_op
          using errcode = 'insufficient_privilege';
      end $$`);
    for (const table of ['ledger_events', 'ledger_postings', 'ledger_blocks']) {
      this.addSql(`create trigger ${table}_append_only before update or delete on ${table}
        for each row execute function ledger_refuse_change()`);
      this.addSql(`create trigger ${table}_no_truncate before truncate on ${table}
        for each statement execute function ledger_refuse_change()`);
    }

    // ---- read models (rebuilt by replay) ----
    this.addSql('create sequence deposit_request_id_seq as bigint');
    this.addSql(`create table deposit_requests (
      id bigint primary key,
      user_id bigint not null references users(id),
      amount_cents bigint not null check (amount_cents > 0),
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'cancelled')),
      requested_at timestamptz not null,
      processed_at timestamptz
    )`);
    this.addSql('alter sequence deposit_request_id_seq owned by deposit_requests.id');
    this.addSql('create index deposit_requests_user_idx on deposit_requests (user_id, requested_at desc)');
    this.addSql(
      "create index deposit_requests_pending_idx on deposit_requests (requested_at) where status = 'pending'",
    );

    this.addSql('create sequence withdrawal_id_seq as bigint');
    this.addSql(`create table withdrawals (
      id bigint primary key,
      user_id bigint not null references users(id),
      amount_cents bigint not null check (amount_cents > 0),
      status text not null default 'pending' check (status in ('pending', 'processed', 'completed', 'cancelled')),
      requested_at timestamptz not null,
      processed_at timestamptz,
      completed_at timestamptz
    )`);
    this.addSql('alter sequence withdrawal_id_seq owned by withdrawals.id');
    this.addSql('create index withdrawals_user_idx on withdrawals (user_id, requested_at desc)');
    this.addSql('create index withdrawals_status_idx on withdrawals (status, requested_at)');

    // rows derived 1:1 from one event use the event's seq as id
    this.addSql(`create table deposits (
      id bigint primary key,
      user_id bigint not null references users(id),
      amount_cents bigint not null check (amount_cents > 0),
      reference_code text not null,
      status text not null default 'confirmed',
      note text,
      deposit_request_id bigint,
      created_at timestamptz not null
    )`);
    this.addSql('create index deposits_user_idx on deposits (user_id, created_at desc)');

    this.addSql(`create table admin_transactions (
      id bigint primary key,
      user_id bigint not null references users(id),
      admin_id bigint,
      kind text not null check (kind in ('adjustment', 'deposit', 'withdrawal')),
      type text not null check (type in ('add', 'subtract')),
      amount_cents bigint not null check (amount_cents > 0),
      balance_before_cents bigint not null,
      balance_after_cents bigint not null,
      note text,
      created_at timestamptz not null
    )`);
    this.addSql('create index admin_transactions_user_idx on admin_transactions (user_id, created_at desc)');
    this.addSql('create index admin_transactions_created_idx on admin_transactions (created_at desc)');

    this.addSql(`create table interest_payments (
      id bigint primary key,
      user_id bigint not null references users(id),
      accrual_date date not null,
      balance_cents bigint not null,
      interest_rate numeric(20, 12) not null,
      interest_cents bigint not null check (interest_cents >= 0),
      payment_date timestamptz not null,
      status text not null default 'paid' check (status in ('paid', 'pending')),
      constraint interest_payments_once_per_date unique (user_id, accrual_date)
    )`);

    // ---- written with the event, never rebuilt by replay (is_read is operator state) ----
    this.addSql(`create table admin_notifications (
      id bigint generated always as identity primary key,
      type text not null check (type in ('deposit_request', 'withdrawal_request')),
      message text not null,
      user_id bigint not null references users(id),
      related_id bigint not null,
      is_read boolean not null default false,
      created_at timestamptz not null default now()
    )`);
    this.addSql(
      'create index admin_notifications_unread_idx on admin_notifications (created_at desc) where not is_read',
    );

    this.addSql(`create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      response jsonb not null,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'idempotency_keys',
      'admin_notifications',
      'interest_payments',
      'admin_transactions',
      'deposits',
      'withdrawals',
      'deposit_requests',
      'ledger_blocks',
      'ledger_postings',
      'ledger_events',
      'accounts',
    ]) {
      this.addSql(`drop table if exists ${table} cascade`);
    }
    this.addSql('drop function if exists ledger_refuse_change() cascade');
    this.addSql('drop function if exists ledger_events_assign_seq() cascade');
  }
}

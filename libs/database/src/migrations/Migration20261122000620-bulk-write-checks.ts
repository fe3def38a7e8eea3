import { Migration } from '@mikro-orm/migrations';

/**
 * The daily interest writes a million events, two million postings and a million interest_payments
 * rows a day (issue 6). Per-row foreign keys cost PostgreSQL more than the rows themselves: each
 * inserted row runs a lookup that also locks the referenced row (FOR KEY SHARE, a WAL record per row),
 * about 40% of the bulk write. The same references are now checked once per INSERT statement,
 * an anti-join of the statement's new rows (a transition table) against the referenced key:
 *  - ledger_postings.event_seq must name an event. Events are append-only (UPDATE, DELETE and
 *    TRUNCATE refused), so the lock an FK takes against a concurrent delete protects nothing here.
 *  - interest_payments.user_id must name a user. Users are never deleted.
 * Like the foreign keys they replace (and the append-only guards), the checks are skipped with
 * session_replication_role = replica.
 *
 * accounts gets fillfactor 50: the batch updates every account row once a day, and with room on the
 * page the new row version stays on it (a HOT update: no new primary-key entry, less WAL).
 * Rows written from now on get the room; `vacuum full accounts` at a quiet time gives it to all.
 * See docs/decisions/0011-interest-at-scale.md.
 */
export class Migration20261122000620BulkWriteChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table ledger_postings drop constraint ledger_postings_event_seq_fkey');
    this.addSql(statementCheck('ledger_postings', 'event_seq', 'ledger_events', 'seq'));
    this.addSql('alter table interest_payments drop constraint interest_payments_user_id_fkey');
    this.addSql(statementCheck('interest_payments', 'user_id', 'users', 'id'));
    for (const table of ['ledger_postings', 'interest_payments']) {
      this.addSql(`create trigger ${table}_references after insert on ${table}
        referencing new table as new_rows for each statement execute function ${table}_references()`);
    }
    this.addSql('alter table accounts set (fillfactor = 50)');
  }

  override async down(): Promise<void> {
    this.addSql('alter table accounts reset (fillfactor)');
    for (const table of ['ledger_postings', 'interest_payments']) {
      this.addSql(`drop trigger ${table}_references on ${table}`);
      this.addSql(`drop function ${table}_references()`);
    }
    this.addSql(`alter table interest_payments add constraint interest_payments_user_id_fkey
      foreign key (user_id) references users(id)`);
    this.addSql(`alter table ledger_postings add constraint ledger_postings_event_seq_fkey
      foreign key (event_seq) references ledger_events(seq)`);
  }
}

/**
 * The trigger function checking that every new row's `column` names a row of `target`. The query is
 * planned at each call (EXECUTE) with the statement's real row count: a cached plan made for one row
 * must not serve a million, nor the reverse.
 */
function statementCheck(table: string, column: string, target: string, key: string): string {
  return `create function ${table}_references() returns trigger language plpgsql as $$
    declare
      missing bigint;
    begin
      execute 'select n.${column} from new_rows n
                where not exists (select from ${target} t where t.${key} = n.${column}) limit 1'
        into missing;
      if missing is not null then
        raise exception '${table}.${column} % is not present in ${target}', missing
          using errcode = 'foreign_key_violation';
      end if;
      return null;
    end $$`;
}

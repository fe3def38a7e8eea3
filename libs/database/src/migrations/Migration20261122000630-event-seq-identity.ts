import { Migration } from '@mikro-orm/migrations';

/**
 * ledger_events.seq: from a plpgsql row trigger to an identity column (issue 6). The trigger ran per
 * inserted event (about 3 us each, 6% of the daily interest's PostgreSQL time) to take the
 * transaction id before the seq (docs/decisions/0005-hash-chain-and-blocks.md). Now:
 *  - `generated always as identity` hands out the seq and refuses one supplied by the client, as the
 *    trigger (which overwrote it) made sure no client chose it;
 *  - a BEFORE INSERT ... FOR EACH STATEMENT trigger takes the transaction id. Statement triggers fire
 *    before the statement draws its first row, so the identity's nextval still comes after the xid.
 * The sequence keeps its name (ledger_events_seq, which the block sealer reads) and its position.
 */
export class Migration20261122000630EventSeqIdentity extends Migration {
  override async up(): Promise<void> {
    // no append may draw a seq between reading the position and the new sequence taking over
    this.addSql('lock table ledger_events in access exclusive mode');
    this.addSql('drop trigger ledger_events_assign_seq on ledger_events');
    this.addSql('drop function ledger_events_assign_seq()');
    this.addSql(`do $$
      declare
        last_seq bigint;
      begin
        select case when is_called then last_value else 0 end into last_seq from ledger_events_seq;
        drop sequence ledger_events_seq;
        alter table ledger_events alter column seq add generated always as identity (sequence name ledger_events_seq);
        if last_seq > 0 then
          perform setval('ledger_events_seq', last_seq);
        end if;
      end $$`);
    this.addSql(`create function ledger_events_take_xid() returns trigger language plpgsql as $$
      begin
        perform pg_current_xact_id();
        return null;
      end $$`);
    this.addSql(`create trigger ledger_events_take_xid before insert on ledger_events
      for each statement execute function ledger_events_take_xid()`);
  }

  override async down(): Promise<void> {
    this.addSql('lock table ledger_events in access exclusive mode');
    this.addSql('drop trigger ledger_events_take_xid on ledger_events');
    this.addSql('drop function ledger_events_take_xid()');
    this.addSql(`do $$
      declare
        last_seq bigint;
      begin
        select case when is_called then last_value else 0 end into last_seq from ledger_events_seq;
        alter table ledger_events alter column seq drop identity;
        create sequence ledger_events_seq as bigint owned by ledger_events.seq;
        if last_seq > 0 then
          perform setval('ledger_events_seq', last_seq);
        end if;
      end $$`);
    this.addSql(`create function ledger_events_assign_seq() returns trigger language plpgsql as $$
      begin
        perform pg_current_xact_id();
        new.seq := nextval('ledger_events_seq');
        return new;
      end $$`);
    this.addSql(`create trigger ledger_events_assign_seq before insert on ledger_events
      for each row execute function ledger_events_assign_seq()`);
  }
}

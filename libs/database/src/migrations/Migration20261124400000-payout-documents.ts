import { Migration } from '@mikro-orm/migrations';

/**
 * Payout files live in PostgreSQL (issue 25, docs/decisions/0021-payout-files-in-the-ledger.md): each
 * rendering's bytes with their SHA-256, item count and total, written in the transaction that appends
 * the file's `PayoutFileIssued` event (whose payload carries the same hashes). Downloads serve these
 * bytes; `PAYOUT_DIR` only receives a copy, so csv_path and xml_path now name that copy (or nothing).
 * Stored files are append-only like the log (the ledger's guard triggers); verify detects a bypass.
 *
 * Files written before this change exist only on disk and have no event: they go back to `pending`,
 * and the next payout run issues them from their (already paid) items, with event and stored bytes.
 * Every item gets its end-to-end id, `WITHDRAWAL-<withdrawal id>`.
 */
export class Migration20261124400000PayoutDocuments extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table payout_file_items add column end_to_end_id text');
    this.addSql(`update payout_file_items set end_to_end_id = 'WITHDRAWAL-' || withdrawal_id`);
    this.addSql('alter table payout_file_items alter column end_to_end_id set not null');
    this.addSql(
      'alter table payout_file_items add constraint payout_file_items_end_to_end_id_unique unique (end_to_end_id)',
    );

    this.addSql(`create table payout_file_documents (
      payout_file_id bigint not null references payout_files (id),
      format text not null check (format in ('csv', 'xml')),
      content bytea not null,
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      item_count integer not null check (item_count > 0),
      total_cents bigint not null check (total_cents > 0),
      event_seq bigint not null references ledger_events (seq),
      created_at timestamptz not null default now(),
      primary key (payout_file_id, format)
    )`);
    this.addSql(`create trigger payout_file_documents_append_only before update or delete on payout_file_documents
      for each row execute function ledger_refuse_change()`);
    this.addSql(`create trigger payout_file_documents_no_truncate before truncate on payout_file_documents
      for each statement execute function ledger_refuse_change()`);

    this.addSql(`update payout_files set status = 'pending', written_at = null
      where status = 'written'
        and not exists (select 1 from payout_file_documents d where d.payout_file_id = payout_files.id)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table payout_file_documents');
    this.addSql('alter table payout_file_items drop column end_to_end_id');
  }
}

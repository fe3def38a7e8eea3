import { createHash } from 'node:crypto';
import type { Sql } from '@savings/database';
import { isoUtcSql } from './event-hash';

/**
 * The event log as JSON Lines, for auditors to keep and to check without our database
 * (offline-verify.ts; the format is described in the README, "Ledger export"). One JSON object per
 * line, `\n` after each:
 *   1. {"kind":"header","format":"savings-ledger-log","formatVersion":1,"exportedAt","lastSeq","events","blocks"}
 *   2. per event, in seq order: {"kind":"event","seq","block","streamId","version","type","schemaVersion",
 *      "payload","metadata","occurredAt","recordedAt","prevHash","hash","postings":[{"line","account","amountCents"}]}
 *      and after the last event of each sealed block:
 *      {"kind":"block","blockNo","firstSeq","lastSeq","eventCount","eventsDigest","prevHash","hash","sealedAt"}
 *   3. {"kind":"end","events","blocks","lastSeq","lastBlockHash","sha256"}: sha256 is over every byte
 *      before this line, so any change to the file is found even where no hash of the ledger covers it.
 * The export covers the events up to the last sealed block (seal first: every exported event is in a
 * block). It reads the log a page at a time and hands each page's text to `write`, awaited, so memory
 * stays flat whatever the size of the log.
 */
export const LOG_FORMAT = 'savings-ledger-log';
export const LOG_FORMAT_VERSION = 1;

export interface LogExportSummary {
  events: number;
  blocks: number;
  lastSeq: number;
  lastBlockHash: string | null;
  sha256: string;
}

interface BlockRow {
  block_no: string;
  first_seq: string;
  last_seq: string;
  event_count: number;
  events_digest: string;
  prev_hash: string;
  hash: string;
  sealed_at: string;
}

interface EventRow {
  seq: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  payload: unknown;
  metadata: unknown;
  occurred_at: string;
  recorded_at: string;
  prev_hash: string;
  hash: string;
  postings: [number, string, string][];
}

export const LOG_EXPORT_PAGE = 2_000;

export async function exportLog(
  sql: Sql,
  write: (text: string) => Promise<void> | void,
  options: { exportedAt?: Date; pageSize?: number } = {},
): Promise<LogExportSummary> {
  const pageSize = options.pageSize ?? LOG_EXPORT_PAGE;
  const blocks = await sql.query<BlockRow>(
    `select block_no::text as block_no, first_seq::text as first_seq, last_seq::text as last_seq, event_count,
            events_digest, prev_hash, hash, ${isoUtcSql('sealed_at')} as sealed_at
       from ledger_blocks order by ledger_blocks.block_no`,
  );
  const upTo = blocks.length > 0 ? blocks[blocks.length - 1].last_seq : '0';
  const [{ n }] = await sql.query<{ n: number }>('select count(*)::int as n from ledger_events where seq <= $1', [
    upTo,
  ]);
  const digest = createHash('sha256');
  const emit = async (text: string) => {
    digest.update(text);
    await write(text);
  };
  await emit(
    `${JSON.stringify({
      kind: 'header',
      format: LOG_FORMAT,
      formatVersion: LOG_FORMAT_VERSION,
      exportedAt: (options.exportedAt ?? new Date()).toISOString(),
      lastSeq: Number(upTo),
      events: n,
      blocks: blocks.length,
    })}\n`,
  );

  let blockIndex = 0;
  let after = '0';
  let events = 0;
  for (;;) {
    const page = await sql.query<EventRow>(
      `select e.seq::text as seq, e.stream_id, e.version, e.type, e.schema_version, e.payload, e.metadata,
              ${isoUtcSql('e.occurred_at')} as occurred_at, ${isoUtcSql('e.recorded_at')} as recorded_at,
              e.prev_hash, e.hash,
              coalesce((select json_agg(json_build_array(p.line, p.account, p.amount_cents::text) order by p.line)
                          from ledger_postings p where p.event_seq = e.seq), '[]'::json) as postings
         from ledger_events e where e.seq > $1 and e.seq <= $2 order by e.seq limit $3`,
      [after, upTo, pageSize],
    );
    if (page.length === 0) break;
    let text = '';
    for (const row of page) {
      // the block covering this event (blocks are in seq order and cover every sealed event)
      while (blockIndex < blocks.length && BigInt(blocks[blockIndex].last_seq) < BigInt(row.seq)) blockIndex += 1;
      const block = blocks[blockIndex];
      text += `${JSON.stringify({
        kind: 'event',
        seq: Number(row.seq),
        block: Number(block.block_no),
        streamId: row.stream_id,
        version: row.version,
        type: row.type,
        schemaVersion: row.schema_version,
        payload: row.payload,
        metadata: row.metadata,
        occurredAt: row.occurred_at,
        recordedAt: row.recorded_at,
        prevHash: row.prev_hash,
        hash: row.hash,
        postings: row.postings.map(([line, account, amountCents]) => ({ line, account, amountCents })),
      })}\n`;
      events += 1;
      if (block.last_seq === row.seq) text += blockLine(block);
    }
    await emit(text);
    after = page[page.length - 1].seq;
  }
  const lastBlock = blocks.length > 0 ? blocks[blocks.length - 1] : null;
  const sha256 = digest.copy().digest('hex');
  await write(
    `${JSON.stringify({
      kind: 'end',
      events,
      blocks: blocks.length,
      lastSeq: Number(upTo),
      lastBlockHash: lastBlock?.hash ?? null,
      sha256,
    })}\n`,
  );
  return { events, blocks: blocks.length, lastSeq: Number(upTo), lastBlockHash: lastBlock?.hash ?? null, sha256 };
}

function blockLine(block: BlockRow): string {
  return `${JSON.stringify({
    kind: 'block',
    blockNo: Number(block.block_no),
    firstSeq: Number(block.first_seq),
    lastSeq: Number(block.last_seq),
    eventCount: block.event_count,
    eventsDigest: block.events_digest,
    prevHash: block.prev_hash,
    hash: block.hash,
    sealedAt: block.sealed_at,
  })}\n`;
}

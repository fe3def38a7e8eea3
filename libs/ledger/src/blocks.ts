import { createHash } from 'node:crypto';
import type { Sql, SqlQueryable } from '@savings/database';
import { GENESIS_HASH } from './event-hash';

export const BLOCK_MAX_EVENTS = 10_000;

export interface SealResult {
  blocksSealed: number;
  eventsSealed: number;
  lastSealedSeq: string;
  /** true when an open transaction kept sealing from finishing within the wait limit */
  waitedOut?: boolean;
}

/** sha256 over "seq:hash\n" of each event of a block, in seq order. */
export function eventsDigest(events: Iterable<{ seq: string; hash: string }>): string {
  const digest = createHash('sha256');
  for (const event of events) digest.update(`${event.seq}:${event.hash}\n`);
  return digest.digest('hex');
}

export function blockHash(
  prevHash: string,
  blockNo: string,
  firstSeq: string,
  lastSeq: string,
  digest: string,
): string {
  return createHash('sha256').update(`${prevHash}|${blockNo}|${firstSeq}|${lastSeq}|${digest}`).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Seals the global order in blocks without locking appends (docs/decisions/0005). Reads the highest
 * seq handed out (C), then the transactions in progress right now, and waits until each has ended:
 * every event with seq <= C took its transaction id before its seq, so once they have all ended the
 * events up to C are final (committed or never to appear). Those are then sealed in order.
 * Concurrent sealers serialize on an advisory lock; appenders never take it.
 */
export async function sealBlocks(sql: Sql, options: { waitTimeoutMs?: number } = {}): Promise<SealResult> {
  const [sequence] = await sql.query<{ upto: string }>(
    'select (case when is_called then last_value else 0 end)::text as upto from ledger_events_seq',
  );
  const upto = sequence.upto;
  // Transaction ids are cluster-wide: wait only for those of backends in this database (a long
  // transaction elsewhere on the server cannot hold a ledger seq). backend_xid is the 32-bit form.
  const inProgress = await sql.query<{ xid: string }>(
    `select x::text as xid from pg_snapshot_xip(pg_current_snapshot()) as x
      where exists (select 1 from pg_stat_activity a
                     where a.datname = current_database() and a.backend_xid is not null
                       and a.backend_xid::text::int8 = (x::text::int8 % 4294967296))`,
  );
  const xids = inProgress.map((row) => row.xid);
  const deadline = Date.now() + (options.waitTimeoutMs ?? 30_000);
  while (xids.length > 0) {
    const [pending] = await sql.query<{ n: number }>(
      `select count(*)::int as n from unnest($1::xid8[]) as x where pg_xact_status(x) = 'in progress'`,
      [xids],
    );
    if (pending.n === 0) break;
    // a transaction that stays open this long is not an append: seal next time instead
    if (Date.now() > deadline) return { blocksSealed: 0, eventsSealed: 0, lastSealedSeq: '0', waitedOut: true };
    await sleep(5);
  }
  return sql.transaction(async (tx) => sealUpTo(tx, upto));
}

async function sealUpTo(tx: SqlQueryable, upto: string): Promise<SealResult> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('ledger_blocks'))`);
  const [head] = await tx.query<{ block_no: string; last_seq: string; hash: string }>(
    'select block_no::text as block_no, last_seq::text as last_seq, hash from ledger_blocks order by ledger_blocks.block_no desc limit 1',
  );
  let blockNo = head ? BigInt(head.block_no) : 0n;
  let prevHash = head ? head.hash : GENESIS_HASH;
  let after = head ? head.last_seq : '0';
  let blocksSealed = 0;
  let eventsSealed = 0;
  for (;;) {
    const events = await tx.query<{ seq: string; hash: string }>(
      `select seq::text as seq, hash from ledger_events where seq > $1 and seq <= $2 order by ledger_events.seq limit $3`,
      [after, upto, BLOCK_MAX_EVENTS],
    );
    if (events.length === 0) break;
    blockNo += 1n;
    const first = events[0].seq;
    const last = events[events.length - 1].seq;
    const digest = eventsDigest(events);
    const hash = blockHash(prevHash, String(blockNo), first, last, digest);
    await tx.query(
      `insert into ledger_blocks (block_no, first_seq, last_seq, event_count, events_digest, prev_hash, hash)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [String(blockNo), first, last, events.length, digest, prevHash, hash],
    );
    prevHash = hash;
    after = last;
    blocksSealed += 1;
    eventsSealed += events.length;
  }
  return { blocksSealed, eventsSealed, lastSealedSeq: after };
}

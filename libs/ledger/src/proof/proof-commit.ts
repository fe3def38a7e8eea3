import { createCipheriv, randomBytes } from 'node:crypto';
import { MerkleSumTreeBuilder, type ProofRootCommittedData } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import { appendToStreams, type EventMetadata } from '../append';
import { sha256Hex } from '../event-hash';

/** The stream of committed proof-of-liabilities roots (a `ledger_streams` head, not an account). */
export const PROOF_STREAM = 'proof-roots';

/** Leaves read per page from the snapshot, and node rows sent per COPY. */
const PAGE = 10_000;
const COPY_ROWS = 20_000;

/**
 * Leaves' nonces: 32 hex characters each, AES-256 of the user id (a 16-byte big-endian block) under
 * the commitment's key. AES on distinct single blocks is a pseudo-random function of the user id:
 * secret (the key never leaves the server), different per user and per commitment, and derivable
 * again to answer a customer's proof or to recompute the root in `ledger verify`, so a million nonces
 * are never stored. One cipher call per page of users (ECB mode here only means "each block on its
 * own": every block is a different id, so nothing repeats): a fraction of a microsecond per leaf,
 * where an HMAC per leaf cost about 6.
 */
export function leafNonces(nonceKey: string, userIds: readonly (string | number | bigint)[]): string[] {
  const blocks = Buffer.alloc(16 * userIds.length);
  userIds.forEach((id, i) => blocks.writeBigUInt64BE(BigInt(id), 16 * i + 8));
  const cipher = createCipheriv('aes-256-ecb', Buffer.from(nonceKey, 'hex'), null);
  cipher.setAutoPadding(false);
  const hex = Buffer.concat([cipher.update(blocks), cipher.final()]).toString('hex');
  return userIds.map((_, i) => hex.slice(32 * i, 32 * i + 32));
}

export function leafNonce(nonceKey: string, userId: string | number): string {
  return leafNonces(nonceKey, [userId])[0];
}

export interface ProofCommitment {
  id: number;
  date: string;
  at: string;
  root: string;
  total: bigint;
  leafCount: number;
  throughSeq: string;
  eventSeq: string;
}

export interface CommitProofInput {
  /** the day the commitment stands for (YYYY-MM-DD); an interest run's accrual date */
  date: string;
  /** commit the ledger as it stood at this past instant instead of now */
  at?: Date;
  metadata: EventMetadata;
  /** commit nothing (null) when a commitment for `date` exists already (the interest run's hook) */
  unlessDateCommitted?: boolean;
}

/** A page of leaves in user-id order: [userId, balanceCents] as text. */
type LeafSource = (afterUserId: string) => Promise<{ user_id: string; balance_cents: string }[]>;

/**
 * Commits a Merkle sum tree over every customer account's balance (api-contract.md section 13) and
 * appends its root as a ProofRootCommitted event on the `proof-roots` stream, so the hash chain
 * seals it. Returns null when there is no account to commit.
 *
 * What it covers: every account stream with an event up to `throughSeq`, at its balance after those
 * events. To read that as one consistent set without stopping writers for the read, a short
 * transaction takes `accounts` in SHARE mode (every append updates `accounts`, so this waits for the
 * appends in flight and holds new ones back for a moment), notes the last seq handed out, and
 * exports its snapshot; the reading transaction imports it and the lock is released. Every event up
 * to that seq is then committed and visible, none after it is. Without `at`, the leaves are the
 * account rows of that snapshot (one indexed read of a million rows); with a past `at`, they are
 * summed from the log up to the last event recorded by then.
 *
 * Built and stored as it streams: pages of leaves in, nodes out by COPY in chunks, one pending node
 * per level in memory. Commitments are serialized (an advisory lock), and the nodes, the commitment
 * row and the event are written in one transaction: a crash leaves nothing half committed.
 */
export async function commitProofOfLiabilities(sql: Sql, input: CommitProofInput): Promise<ProofCommitment | null> {
  return sql.withConnection((writer) =>
    sql.withConnection(async (reader) => {
      await writer.query('begin');
      try {
        await writer.query(`select pg_advisory_xact_lock(hashtext('proof-roots'))`);
        if (input.unlessDateCommitted) {
          const [done] = await writer.query('select 1 from proof_commitments where date = $1 limit 1', [input.date]);
          if (done) {
            await writer.query('rollback');
            return null;
          }
        }
        const snapshot = await sql.withConnection((locker) => takeSnapshot(locker, reader));
        try {
          const result = await buildAndStore(writer, reader, snapshot, input);
          await writer.query(result ? 'commit' : 'rollback');
          return result;
        } finally {
          await reader.query('rollback').catch(() => undefined);
        }
      } catch (error) {
        await writer.query('rollback').catch(() => undefined);
        throw error;
      }
    }),
  );
}

interface Snapshot {
  at: Date;
  lastSeq: string;
}

/** See commitProofOfLiabilities: `reader` is left in a repeatable-read transaction on the snapshot. */
async function takeSnapshot(locker: SqlQueryable, reader: SqlQueryable): Promise<Snapshot> {
  await locker.query('begin isolation level repeatable read');
  try {
    // before any query, so the snapshot below is taken once the appends in flight have committed
    await locker.query('lock table accounts in share mode');
    const [row] = await locker.query<{ snapshot: string; at: Date; last_seq: string }>(
      `select pg_export_snapshot() as snapshot, clock_timestamp() as at,
              (select (case when is_called then last_value else 0 end)::text from ledger_events_seq) as last_seq`,
    );
    await reader.query('begin isolation level repeatable read read only');
    await reader.query(`set transaction snapshot '${row.snapshot.replace(/[^0-9A-Fa-f-]/g, '')}'`);
    return { at: new Date(row.at), lastSeq: row.last_seq };
  } finally {
    await locker.query('commit');
  }
}

async function buildAndStore(
  writer: SqlQueryable,
  reader: SqlQueryable,
  snapshot: Snapshot,
  input: CommitProofInput,
): Promise<ProofCommitment | null> {
  let at = snapshot.at;
  let throughSeq = snapshot.lastSeq;
  let source: LeafSource = (after) =>
    reader.query(
      `select user_id::text as user_id, balance_cents::text as balance_cents from accounts
        where version > 0 and accounts.user_id > $1::int8 order by accounts.user_id limit $2`,
      [after, PAGE],
    );
  if (input.at) {
    if (input.at.getTime() > snapshot.at.getTime()) throw new Error('A proof cannot be committed in the future');
    at = input.at;
    const [row] = await reader.query<{ seq: string | null }>(
      'select max(seq)::text as seq from ledger_events where recorded_at <= $1',
      [at.toISOString()],
    );
    throughSeq = row.seq ?? '0';
    // one aggregate over the log (a manual, historical commitment): all leaves in its first page
    const leaves = await balancesFromLog(reader, throughSeq);
    source = (after) => Promise.resolve(after === '0' ? leaves : []);
  }

  const [{ id }] = await writer.query<{ id: number }>(`select nextval('proof_commitments_id_seq')::int as id`);
  const nonceKey = randomBytes(32).toString('hex');
  let copy = '';
  let copyRows = 0;
  let leafUser = '';
  // one COPY in flight on the writer while the next chunk is hashed, and the next page read ahead on
  // the reader: PostgreSQL's work and ours overlap (two cores), and no more than two chunks are alive
  let copying: Promise<void> = Promise.resolve();
  const flush = async () => {
    await copying;
    if (copyRows === 0) return;
    copying = writer.copyFrom('proof_nodes (commitment_id, level, idx, user_id, hash, sum_cents)', copy);
    copying.catch(() => undefined); // observed when awaited
    copy = '';
    copyRows = 0;
  };
  const builder = new MerkleSumTreeBuilder(sha256Hex, (level, index, node) => {
    copy += `${id}\t${level}\t${index}\t${level === 0 ? leafUser : '\\N'}\t\\\\x${node.hash}\t${node.sum}\n`;
    copyRows += 1;
  });
  let reading = source('0');
  for (;;) {
    const page = await reading;
    if (page.length === 0) break;
    reading = source(page[page.length - 1].user_id);
    reading.catch(() => undefined); // observed when awaited
    const nonces = leafNonces(
      nonceKey,
      page.map((row) => row.user_id),
    );
    for (let i = 0; i < page.length; i += 1) {
      leafUser = page[i].user_id;
      builder.addLeaf(leafUser, BigInt(page[i].balance_cents), nonces[i]);
    }
    if (copyRows >= COPY_ROWS) await flush();
  }
  if (builder.leafCount === 0) return null;
  const { root, leafCount } = builder.finish();
  await flush();
  await copying;

  const data: ProofRootCommittedData = {
    date: input.date,
    at: at.toISOString(),
    root: root.hash,
    total: String(root.sum),
    leafCount,
    throughSeq,
  };
  const [head] = await writer.query<{ version: number; last_hash: string }>(
    'select version, last_hash from ledger_streams where stream_id = $1',
    [PROOF_STREAM],
  );
  const outcome = await appendToStreams(writer, [
    {
      streamId: PROOF_STREAM,
      expectedVersion: head?.version ?? 0,
      prevHash: head?.last_hash ?? null,
      events: [{ type: 'ProofRootCommitted', data }],
      metadata: input.metadata,
      occurredAt: at,
    },
  ]);
  const appended = outcome.appended.get(PROOF_STREAM);
  // commitments hold the advisory lock, so no other writer can move this stream's head
  if (!appended) throw new Error('The proof-roots stream moved during a commitment');
  const eventSeq = appended[0].seq;
  await writer.query(
    `insert into proof_commitments (id, date, at, through_seq, root, total_cents, leaf_count, nonce_key, event_seq)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, data.date, data.at, throughSeq, data.root, data.total, leafCount, nonceKey, eventSeq],
  );
  return { id, date: data.date, at: data.at, root: data.root, total: root.sum, leafCount, throughSeq, eventSeq };
}

/**
 * Balances from the log: every account stream with an event up to `throughSeq`, at minus the sum of
 * its liability postings up to there, in user-id order (a commitment at a past instant).
 */
export function balancesFromLog(
  q: SqlQueryable,
  throughSeq: string,
): Promise<{ user_id: string; balance_cents: string }[]> {
  return q.query(
    `select substr(e.stream_id, 9)::int8::text as user_id,
            coalesce(-sum(p.amount_cents) filter (where p.account like 'customer:%'), 0)::text as balance_cents
       from ledger_events e left join ledger_postings p on p.event_seq = e.seq
      where e.stream_id like 'account-%' and e.seq <= $1
      group by substr(e.stream_id, 9)::int8 order by substr(e.stream_id, 9)::int8`,
    [throughSeq],
  );
}

import { paddingLeaf, siblingPositions, type BalanceProof } from '@savings/domain';
import type { SqlQueryable } from '@savings/database';
import { sha256Hex } from '../event-hash';
import { leafNonce } from './proof-commit';

export interface PublishedRoot {
  date: string;
  at: string;
  root: string;
  /** cents */
  total: string;
  leafCount: number;
}

interface CommitmentRow {
  id: number;
  date: string;
  at: string;
  root: string;
  total: string;
  leaf_count: number;
  nonce_key: string;
}

/** The commitment that stands for each date: the last one made for it. */
const STANDING = `
  select distinct on (date) id, date::text as date,
         to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, root,
         total_cents::text as total, leaf_count, nonce_key, at as at_instant
    from proof_commitments order by date, id desc`;

/** The published roots, newest `at` first (api-contract.md section 13). */
export async function listPublishedRoots(q: SqlQueryable, limit = 1000): Promise<PublishedRoot[]> {
  const rows = await q.query<CommitmentRow>(
    `select * from (${STANDING}) s order by s.at_instant desc, s.id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    date: row.date,
    at: row.at,
    root: row.root,
    total: row.total,
    leafCount: row.leaf_count,
  }));
}

export type ProofLookup =
  { found: true; proof: BalanceProof } | { found: false; reason: 'no-commitment' | 'not-in-tree' };

/**
 * A customer's leaf and the siblings of its path, bottom up, in the commitment standing for `date`
 * (the latest when null): the leaf's position, then one indexed read of the stored siblings.
 */
export async function loadBalanceProof(q: SqlQueryable, userId: number, date: string | null): Promise<ProofLookup> {
  const [commitment] = await q.query<CommitmentRow>(
    `select * from (${STANDING}) s where $1::text is null or s.date = $1::text order by s.at_instant desc, s.id desc limit 1`,
    [date],
  );
  if (!commitment) return { found: false, reason: 'no-commitment' };
  const [leaf] = await q.query<{ idx: number; sum_cents: string }>(
    `select idx, sum_cents::text as sum_cents from proof_nodes
      where commitment_id = $1 and level = 0 and user_id = $2`,
    [commitment.id, userId],
  );
  if (!leaf) return { found: false, reason: 'not-in-tree' };
  const positions = siblingPositions(leaf.idx, commitment.leaf_count);
  const stored = positions.filter((p) => !p.padding);
  const nodes = await q.query<{ level: number; idx: number; hash: string; sum_cents: string }>(
    `select n.level, n.idx, encode(n.hash, 'hex') as hash, n.sum_cents::text as sum_cents
       from proof_nodes n join unnest($2::int2[], $3::int4[]) as w(level, idx) on n.level = w.level and n.idx = w.idx
      where n.commitment_id = $1`,
    [commitment.id, stored.map((p) => p.level), stored.map((p) => p.index)],
  );
  const byPosition = new Map(nodes.map((n) => [`${n.level}:${n.idx}`, n]));
  const padding = paddingLeaf(sha256Hex);
  const path = positions.map((p) => {
    if (p.padding) return { hash: padding.hash, sum: '0', side: p.side };
    const node = byPosition.get(`${p.level}:${p.index}`);
    if (!node) throw new Error(`Commitment ${commitment.id} lacks node ${p.level}:${p.index}`);
    return { hash: node.hash, sum: node.sum_cents, side: p.side };
  });
  return {
    found: true,
    proof: {
      date: commitment.date,
      at: commitment.at,
      root: commitment.root,
      total: commitment.total,
      leafCount: commitment.leaf_count,
      leaf: { userId, balanceCents: leaf.sum_cents, nonce: leafNonce(commitment.nonce_key, userId) },
      path,
    },
  };
}

import { MerkleSumTreeBuilder, type ProofRootCommittedData } from '@savings/domain';
import type { Sql } from '@savings/database';
import type { VerifyCheck } from '@savings/contracts';
import { sha256Hex } from '../event-hash';
import { leafNonces, PROOF_STREAM } from './proof-commit';

const PAGE = 50_000;

interface RootEvent {
  seq: string;
  data: ProofRootCommittedData;
}

interface CommitmentRow {
  id: number;
  event_seq: string;
  date: string;
  at: string;
  through_seq: string;
  root: string;
  total_cents: string;
  leaf_count: number;
  nonce_key: string;
  top_hash: string | null;
  top_sum: string | null;
}

const NAME = 'proof-of-liabilities roots';

function failed(checked: number, seq: string, detail: string): VerifyCheck {
  return { name: NAME, ok: false, checked, detail, firstBadSeq: Number(seq) };
}

/**
 * Every committed root (api-contract.md section 13) recomputed from the log: one pass over the
 * account events in seq order keeps each customer's balance (minus their liability postings); at each
 * root's `throughSeq` the tree is rebuilt with the commitment's nonces and must give the event's
 * root, total and leaf count. The stored commitment (what customers' proofs are served from) and its
 * tree's top node must equal the event too.
 */
export async function checkProofRoots(sql: Sql): Promise<VerifyCheck> {
  const events = (
    await sql.query<{ seq: string; payload: ProofRootCommittedData }>(
      `select seq::text as seq, payload from ledger_events where stream_id = $1 order by ledger_events.version`,
      [PROOF_STREAM],
    )
  ).map((row): RootEvent => ({ seq: row.seq, data: row.payload }));
  const rows = await sql.query<CommitmentRow>(
    `select c.id, c.event_seq::text as event_seq, c.date::text as date,
            to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, c.through_seq::text as through_seq,
            c.root, c.total_cents::text as total_cents, c.leaf_count, c.nonce_key,
            encode(t.hash, 'hex') as top_hash, t.sum_cents::text as top_sum
       from proof_commitments c
       left join lateral (select hash, sum_cents from proof_nodes n where n.commitment_id = c.id
                           order by n.level desc limit 1) t on true
      order by c.id`,
  );
  const bySeq = new Map(rows.map((row) => [row.event_seq, row]));
  if (rows.length > events.length) {
    const orphan = rows.find((row) => !events.some((e) => e.seq === row.event_seq)) as CommitmentRow;
    return failed(events.length, orphan.event_seq, `commitment ${orphan.id} has no root event in the ledger`);
  }
  for (const event of events) {
    const row = bySeq.get(event.seq);
    if (!row) return failed(events.length, event.seq, `root event ${event.seq} has no stored commitment`);
    const d = event.data;
    if (
      row.root !== d.root ||
      row.total_cents !== d.total ||
      row.leaf_count !== d.leafCount ||
      row.date !== d.date ||
      row.at !== d.at ||
      row.through_seq !== d.throughSeq
    ) {
      return failed(events.length, event.seq, `stored commitment ${row.id} differs from its ledger event`);
    }
    if (row.top_hash !== d.root || row.top_sum !== d.total) {
      return failed(events.length, event.seq, `stored tree of commitment ${row.id} does not lead to its root`);
    }
  }

  // recompute, in throughSeq order, from one pass over the log
  const ordered = [...events].sort((a, b) => compareSeq(a.data.throughSeq, b.data.throughSeq));
  const balances = new Map<bigint, bigint>();
  let after = '0';
  for (const event of ordered) {
    const upto = event.data.throughSeq;
    for (;;) {
      const page = await sql.query<{ seq: string; user_id: string; cents: string }>(
        `select e.seq::text as seq, substr(e.stream_id, 9) as user_id,
                coalesce(-sum(p.amount_cents) filter (where p.account like 'customer:%'), 0)::text as cents
           from ledger_events e left join ledger_postings p on p.event_seq = e.seq
          where e.seq > $1 and e.seq <= $2 and e.stream_id like 'account-%'
          group by e.seq order by e.seq limit $3`,
        [after, upto, PAGE],
      );
      if (page.length === 0) break;
      for (const row of page) {
        const user = BigInt(row.user_id);
        balances.set(user, (balances.get(user) ?? 0n) + BigInt(row.cents));
      }
      after = page[page.length - 1].seq;
    }
    if (compareSeq(after, upto) < 0) after = upto;
    const row = bySeq.get(event.seq) as CommitmentRow;
    const builder = new MerkleSumTreeBuilder(sha256Hex);
    const users = [...balances.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const nonces = leafNonces(row.nonce_key, users);
    for (let i = 0; i < users.length; i += 1) {
      const balance = balances.get(users[i]) as bigint;
      if (balance < 0n)
        return failed(events.length, event.seq, `customer ${users[i]} has a negative balance at the root`);
      builder.addLeaf(String(users[i]), balance, nonces[i]);
    }
    const tree = builder.leafCount > 0 ? builder.finish() : null;
    if (!tree || tree.root.hash !== event.data.root || String(tree.root.sum) !== event.data.total) {
      const total = tree ? String(tree.root.sum) : '0';
      return failed(
        events.length,
        event.seq,
        `root of ${event.data.date} (seq ${event.seq}) is not the tree of the balances through seq ${upto} (they total ${total} cents, the root says ${event.data.total})`,
      );
    }
    if (tree.leafCount !== event.data.leafCount) {
      return failed(
        events.length,
        event.seq,
        `root of ${event.data.date} counts ${event.data.leafCount} leaves, the log ${tree.leafCount}`,
      );
    }
  }
  return {
    name: NAME,
    ok: true,
    checked: events.length,
    detail: `${events.length} committed roots equal the trees of the customer balances in the log`,
    firstBadSeq: null,
  };
}

function compareSeq(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

import { postingsOf, upcastEvent } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import type { VerifyCheck, VerifyReport } from '@savings/contracts';
import { blockHash, eventsDigest, sealBlocks } from './blocks';
import { eventHash, GENESIS_HASH, isoUtcSql, userIdOfStream } from './event-hash';
import { READ_MODEL_TABLES, REPLAY_TEMP_TABLES, type ReadModelTables } from './ledger-tables';
import { replayInto } from './replay';
import { checkStatementCredits } from './statement-credits-check';

const PAGE = 10_000;

interface FullEventRow {
  seq: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  payload: unknown;
  metadata: unknown;
  occurred_at: string;
  hash: string;
  prev_hash: string;
}

interface BlockRow {
  block_no: string;
  first_seq: string;
  last_seq: string;
  event_count: number;
  events_digest: string;
  prev_hash: string;
  hash: string;
}

const check = (name: string, checked: number, firstBadSeq: string | null, detail: string): VerifyCheck => ({
  name,
  ok: firstBadSeq === null && !detail.startsWith('FAILED'),
  checked,
  detail,
  firstBadSeq: firstBadSeq === null ? null : Number(firstBadSeq),
});

/**
 * Proves the ledger (api-contract.md section 7): seals pending blocks, then checks (1) every stream's
 * hash chain and contiguous versions, and that each event's postings are exactly the ones its type
 * implies, (2) the sealed blocks, (3) postings sum to zero per event and in total, (4) every account
 * row equals the fold of its stream and minus its liability postings, (5) a replay into temporary
 * tables equals the stored read models. A failure names the first bad seq where there is one.
 */
export async function verifyLedger(sql: Sql): Promise<VerifyReport> {
  await sealBlocks(sql);
  const checks: VerifyCheck[] = [];
  checks.push(...(await checkLogAndBlocks(sql)));
  checks.push(await checkZeroSum(sql));
  checks.push(...(await checkReplay(sql)));
  checks.push(await checkStatementCredits(sql));
  return { ok: checks.every((c) => c.ok), checks };
}

async function checkLogAndBlocks(sql: Sql): Promise<VerifyCheck[]> {
  const blocks = await sql.query<BlockRow>(
    `select block_no::text as block_no, first_seq::text as first_seq, last_seq::text as last_seq, event_count,
            events_digest, prev_hash, hash from ledger_blocks order by ledger_blocks.block_no`,
  );
  const heads = new Map<string, { version: number; hash: string }>();
  let chainBad: string | null = null;
  let chainDetail = '';
  let postingsBad: string | null = null;
  let postingsDetail = '';
  let blockBad: string | null = null;
  let blockDetail = '';
  let events = 0;

  // block state: the block the current events belong to
  let blockIndex = 0;
  let blockEvents: { seq: string; hash: string }[] = [];
  let prevBlockHash = GENESIS_HASH;
  let prevLastSeq = 0n;
  const closeBlock = (block: BlockRow) => {
    if (blockBad !== null) return;
    const digest = eventsDigest(blockEvents);
    const expectedHash = blockHash(prevBlockHash, block.block_no, block.first_seq, block.last_seq, digest);
    const firstSeq = blockEvents[0]?.seq ?? block.first_seq;
    if (BigInt(block.first_seq) <= prevLastSeq) {
      blockBad = block.first_seq;
      blockDetail = `block ${block.block_no} overlaps the previous block`;
    } else if (block.prev_hash !== prevBlockHash) {
      blockBad = firstSeq;
      blockDetail = `block ${block.block_no} does not link to block ${BigInt(block.block_no) - 1n}`;
    } else if (blockEvents.length !== block.event_count || digest !== block.events_digest) {
      blockBad = firstSeq;
      blockDetail = `block ${block.block_no} (seq ${block.first_seq}..${block.last_seq}): events differ from what was sealed`;
    } else if (expectedHash !== block.hash) {
      blockBad = firstSeq;
      blockDetail = `block ${block.block_no} hash does not match its content`;
    }
    prevBlockHash = block.hash;
    prevLastSeq = BigInt(block.last_seq);
  };

  let after = '0';
  for (;;) {
    const page = await sql.query<FullEventRow>(
      `select seq::text as seq, stream_id, version, type, schema_version, payload, metadata,
              ${isoUtcSql('occurred_at')} as occurred_at, hash, prev_hash
         from ledger_events where seq > $1 order by ledger_events.seq limit $2`,
      [after, PAGE],
    );
    if (page.length === 0) break;
    const last = page[page.length - 1].seq;
    const postingRows = await sql.query<{ event_seq: string; line: number; account: string; amount_cents: string }>(
      `select event_seq::text as event_seq, line, account, amount_cents::text as amount_cents
         from ledger_postings where event_seq > $1 and event_seq <= $2 order by ledger_postings.event_seq, line`,
      [after, last],
    );
    const postingsBySeq = new Map<string, string[]>();
    for (const p of postingRows) {
      const list = postingsBySeq.get(p.event_seq) ?? [];
      list.push(`${p.line}|${p.account}|${p.amount_cents}`);
      postingsBySeq.set(p.event_seq, list);
    }
    for (const row of page) {
      events += 1;
      const head = heads.get(row.stream_id);
      const expectedVersion = (head?.version ?? 0) + 1;
      const expectedPrev = head?.hash ?? GENESIS_HASH;
      if (chainBad === null) {
        const recomputed = eventHash(row.prev_hash, {
          streamId: row.stream_id,
          version: row.version,
          type: row.type,
          schemaVersion: row.schema_version,
          payload: row.payload,
          metadata: row.metadata,
          occurredAt: new Date(row.occurred_at),
        });
        if (row.version !== expectedVersion) {
          chainBad = row.seq;
          chainDetail = `${row.stream_id}: version ${row.version} where ${expectedVersion} was expected`;
        } else if (row.prev_hash !== expectedPrev) {
          chainBad = row.seq;
          chainDetail = `${row.stream_id} v${row.version}: previous hash does not link to v${row.version - 1}`;
        } else if (recomputed !== row.hash) {
          chainBad = row.seq;
          chainDetail = `${row.stream_id} v${row.version}: content does not match its hash (changed after writing)`;
        }
      }
      heads.set(row.stream_id, { version: row.version, hash: row.hash });

      if (postingsBad === null) {
        let expected: string[] = [];
        try {
          const event = upcastEvent(row.type, row.schema_version, row.payload);
          expected = postingsOf(userIdOfStream(row.stream_id), event).map(
            (p, i) => `${i + 1}|${p.account}|${p.amountCents}`,
          );
        } catch (error) {
          postingsBad = row.seq;
          postingsDetail = `event cannot be read: ${(error as Error).message}`;
        }
        const actual = postingsBySeq.get(row.seq) ?? [];
        if (postingsBad === null && expected.join(',') !== actual.join(',')) {
          postingsBad = row.seq;
          postingsDetail = `${row.type} has postings [${actual.join(', ')}], expected [${expected.join(', ')}]`;
        }
      }

      // blocks: events in order; close every block whose range ends before this event
      while (blockIndex < blocks.length && BigInt(row.seq) > BigInt(blocks[blockIndex].last_seq)) {
        closeBlock(blocks[blockIndex]);
        blockIndex += 1;
        blockEvents = [];
      }
      if (blockIndex < blocks.length && BigInt(row.seq) >= BigInt(blocks[blockIndex].first_seq)) {
        blockEvents.push({ seq: row.seq, hash: row.hash });
      }
    }
    after = last;
  }
  while (blockIndex < blocks.length) {
    closeBlock(blocks[blockIndex]);
    blockIndex += 1;
    blockEvents = [];
  }
  return [
    check(
      'hash chain per stream',
      events,
      chainBad,
      chainBad === null ? `${events} events in ${heads.size} streams link and hash correctly` : chainDetail,
    ),
    check(
      'postings match their events',
      events,
      postingsBad,
      postingsBad === null ? `every event carries exactly the postings its type implies` : postingsDetail,
    ),
    check(
      'sealed blocks',
      blocks.length,
      blockBad,
      blockBad === null ? `${blocks.length} blocks, sealed up to seq ${prevLastSeq}` : blockDetail,
    ),
  ];
}

async function checkZeroSum(sql: Sql): Promise<VerifyCheck> {
  const [bad] = await sql.query<{ seq: string; total: string }>(
    `select event_seq::text as seq, sum(amount_cents)::text as total from ledger_postings
      group by event_seq having sum(amount_cents) <> 0 order by event_seq limit 1`,
  );
  const [all] = await sql.query<{ total: string; n: number }>(
    'select coalesce(sum(amount_cents), 0)::text as total, count(*)::int as n from ledger_postings',
  );
  if (bad) return check('postings sum to zero', all.n, bad.seq, `event ${bad.seq} postings sum to ${bad.total} cents`);
  if (all.total !== '0')
    return check('postings sum to zero', all.n, null, `FAILED: the ledger sums to ${all.total} cents`);
  return check('postings sum to zero', all.n, null, `${all.n} postings; every event and the whole ledger sum to 0`);
}

/** Columns compared per read model (updated_at is bookkeeping, not state). */
const COMPARED: Record<keyof ReadModelTables, { columns: string; key: string; keyIsSeq: boolean }> = {
  accounts: {
    columns:
      'user_id, version, balance_cents, held_cents, interest_carry, last_accrual_date, pending_deposit_requests, pending_withdrawals, last_hash',
    key: 'user_id',
    keyIsSeq: false,
  },
  streams: {
    columns: 'stream_id, version, last_hash',
    key: 'stream_id',
    keyIsSeq: false,
  },
  depositRequests: {
    columns: 'id, user_id, amount_cents, status, requested_at, processed_at',
    key: 'id',
    keyIsSeq: false,
  },
  withdrawals: {
    columns: 'id, user_id, amount_cents, status, requested_at, processed_at, completed_at',
    key: 'id',
    keyIsSeq: false,
  },
  deposits: {
    columns:
      'id, user_id, amount_cents, reference_code, status, note, deposit_request_id, created_at, bank_statement_line_id',
    key: 'id',
    keyIsSeq: true,
  },
  adminTransactions: {
    columns:
      'id, user_id, admin_id, kind, type, amount_cents, balance_before_cents, balance_after_cents, note, created_at',
    key: 'id',
    keyIsSeq: true,
  },
  interestPayments: {
    columns: 'id, user_id, accrual_date, balance_cents, interest_rate, interest_cents, payment_date, status',
    key: 'id',
    keyIsSeq: true,
  },
};

async function checkReplay(sql: Sql): Promise<VerifyCheck[]> {
  return sql.withConnection(async (connection) => {
    await connection.query('begin');
    try {
      for (const name of Object.keys(READ_MODEL_TABLES) as (keyof ReadModelTables)[]) {
        await connection.query(
          `create temp table ${REPLAY_TEMP_TABLES[name]} (like ${READ_MODEL_TABLES[name]} including defaults) on commit drop`,
        );
      }
      const replayed = await replayInto(sql, connection, REPLAY_TEMP_TABLES);
      const results: VerifyCheck[] = [];

      // (4) balances: account rows against the fold, and against the liability postings
      const accountsDiff = await firstDifference(connection, 'accounts', 'where version > 0');
      const [postingMismatch] = await connection.query<{ user_id: string }>(
        `select a.user_id::text as user_id from accounts a
           left join (select account, -sum(amount_cents) as cents from ledger_postings
                       where account like 'customer:%' group by account) p on p.account = 'customer:' || a.user_id
          where a.balance_cents <> coalesce(p.cents, 0) order by a.user_id limit 1`,
      );
      if (accountsDiff) {
        results.push(check('balances equal their streams', replayed.accounts, accountsDiff.seq, accountsDiff.detail));
      } else if (postingMismatch) {
        const seq = await lastSeqOfStream(connection, postingMismatch.user_id);
        results.push(
          check(
            'balances equal their streams',
            replayed.accounts,
            seq,
            `account ${postingMismatch.user_id}: balance differs from its liability postings`,
          ),
        );
      } else {
        results.push(
          check(
            'balances equal their streams',
            replayed.accounts,
            null,
            `${replayed.accounts} accounts equal the fold of their events and their postings`,
          ),
        );
      }

      // (5) every other read model equals its replay
      let firstBad: { seq: string | null; detail: string } | null = null;
      for (const name of [
        'streams',
        'depositRequests',
        'withdrawals',
        'deposits',
        'adminTransactions',
        'interestPayments',
      ] as const) {
        const diff = await firstDifference(connection, name, '');
        if (diff) {
          firstBad = diff;
          break;
        }
      }
      results.push(
        firstBad
          ? check('replay equals read models', replayed.events, firstBad.seq, `FAILED: ${firstBad.detail}`)
          : check(
              'replay equals read models',
              replayed.events,
              null,
              `replaying ${replayed.events} events reproduces stream heads, deposit requests, withdrawals, deposits, admin transactions and interest payments`,
            ),
      );
      return results;
    } finally {
      await connection.query('rollback');
    }
  });
}

async function firstDifference(
  q: SqlQueryable,
  name: keyof ReadModelTables,
  storedFilter: string,
): Promise<{ seq: string | null; detail: string } | null> {
  const { columns, key, keyIsSeq } = COMPARED[name];
  const stored = READ_MODEL_TABLES[name];
  const replayed = REPLAY_TEMP_TABLES[name];
  const [row] = await q.query<{ key: string; side: string }>(
    `select key::text as key, side from (
        (select ${key} as key, 'stored' as side from (select ${columns} from ${stored} ${storedFilter}
           except select ${columns} from ${replayed}) s)
        union all
        (select ${key} as key, 'replay' as side from (select ${columns} from ${replayed}
           except select ${columns} from ${stored} ${storedFilter}) r)
      ) d order by d.key limit 1`,
  );
  if (!row) return null;
  const what =
    row.side === 'stored'
      ? 'differs from (or is missing in) the replay'
      : 'is missing or different in the stored table';
  if (keyIsSeq) return { seq: row.key, detail: `${stored} row ${row.key} ${what}` };
  if (name === 'accounts') {
    return { seq: await lastSeqOfStream(q, row.key), detail: `${stored} row of user ${row.key} ${what}` };
  }
  return { seq: null, detail: `${stored} row ${row.key} ${what}` };
}

async function lastSeqOfStream(q: SqlQueryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ seq: string | null }>(
    'select max(seq)::text as seq from ledger_events where stream_id = $1',
    [`account-${userId}`],
  );
  return row?.seq ?? null;
}

import { ChartOfAccounts, isAccountEvent, postingsOf, type LedgerEvent } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import type { VerifyCheck, VerifyReport, VerifyRunProgress } from '@savings/contracts';
import { blockHash, eventsDigest, sealBlocks } from './blocks';
import { GENESIS_HASH } from './event-hash';
import { PageHashChecker, type HashMismatch } from './hash-check';
import { READ_MODEL_TABLES, REPLAY_TEMP_TABLES, type ReadModelTables } from './ledger-tables';
import { checkPayoutFiles } from './payout-files-check';
import { replayInto, seqAfter, type AuditedLogEvent, type ReplayAudit, type ReplayResult } from './replay';

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

export interface VerifyOptions {
  /** called as verify goes: what it does, and how far through the log it is */
  onProgress?: (progress: VerifyRunProgress) => void;
  /** false: rehash the log on this thread (default: on a worker thread where the compiled one exists) */
  threads?: boolean;
}

/**
 * Proves the ledger (api-contract.md section 7): seals pending blocks, then, in ONE pass over the log
 * (the replay's, ADR 0010), checks (1) every stream's hash chain and contiguous versions, and that
 * each event's postings are exactly the ones its type implies, (2) the sealed blocks, while replaying
 * into temporary tables; beside it (3) postings sum to zero per event and in total; then (4) every
 * account row equals the fold of its stream and minus its liability postings, (5) the replay equals
 * the stored read models, (6) every payout file follows from the log. A failure names the first bad
 * seq where there is one.
 */
export async function verifyLedger(sql: Sql, options: VerifyOptions = {}): Promise<VerifyReport> {
  const progress: VerifyRunProgress = { stage: 'sealing new events into blocks', eventsRead: 0, eventsTotal: 0 };
  const report = () => options.onProgress?.({ ...progress });
  report();
  await sealBlocks(sql);
  const [{ n }] = await sql.query<{ n: number }>('select count(*)::int as n from ledger_events');
  progress.eventsTotal = n;
  const blocks = await sql.query<BlockRow>(
    `select block_no::text as block_no, first_seq::text as first_seq, last_seq::text as last_seq, event_count,
            events_digest, prev_hash, hash from ledger_blocks order by ledger_blocks.block_no`,
  );
  // PostgreSQL alone: runs on its own connection while the pass below keeps Node busy
  const zeroSum = checkZeroSum(sql);
  zeroSum.catch(() => undefined); // awaited below
  progress.stage = 'checking hash chains, postings and blocks while replaying the log';
  report();
  const passed = await checkLogAndReplay(sql, blocks, options.threads ?? true, (eventsRead, done) => {
    progress.eventsRead = eventsRead;
    progress.eventsTotal = Math.max(progress.eventsTotal, eventsRead); // appended since the count
    if (done) progress.stage = 'comparing balances and read models with the replay';
    report();
  });
  progress.stage = 'checking payout files against the log';
  report();
  const checks = [...passed.log, await zeroSum, ...passed.replay, await checkPayoutFiles(sql)];
  return { ok: checks.every((c) => c.ok), checks };
}

/**
 * The checks made of each event during the replay's pass: hash chains, postings (a page's expected
 * postings as one text against the stored page's, read while the next log page is folded), blocks,
 * and the liability postings summed per customer for the balance check.
 */
class LogAudit implements ReplayAudit {
  private readonly heads = new Map<string, { version: number; hash: string }>();
  private chainBad: string | null = null;
  private chainDetail = '';
  private postingsBad: string | null = null;
  private postingsDetail = '';
  private blockBad: string | null = null;
  private blockDetail = '';
  events = 0;
  /** minus the sum of each customer's liability postings, by user id: what its balance must be */
  readonly liabilities = new Map<string, bigint>();

  private expectedPostings: string[] = [];
  private postingsCheck: Promise<void> = Promise.resolve();

  /** the page being folded: its hashes are recomputed beside the fold (PageHashChecker) */
  private pageHashes: Promise<HashMismatch | null> = Promise.resolve(null);
  private hashBad: HashMismatch | null = null;

  // blocks: the block the current events belong to
  private blockIndex = 0;
  private blockEvents: { seq: string; hash: string }[] = [];
  private prevBlockHash = GENESIS_HASH;
  private prevLastSeq = 0n;

  constructor(
    private readonly sql: Sql,
    private readonly blocks: BlockRow[],
    private readonly hashes: PageHashChecker,
  ) {}

  pageStart(page: string): void {
    this.pageHashes = this.hashBad === null ? this.hashes.check(page) : Promise.resolve(null);
    this.pageHashes.catch(() => undefined); // awaited at the page's end
  }

  event(row: AuditedLogEvent, event: LedgerEvent, userId: string | null): void {
    this.events += 1;
    const head = this.heads.get(row.streamId);
    if (this.chainBad === null) this.checkChain(row, head);
    if (head) {
      head.version = row.version;
      head.hash = row.hash;
    } else {
      this.heads.set(row.streamId, { version: row.version, hash: row.hash });
    }

    // the replay refuses an account stream holding anything but account events
    if (userId !== null && isAccountEvent(event)) {
      const postings = postingsOf(userId, event);
      const customer = ChartOfAccounts.customer(userId);
      for (let i = 0; i < postings.length; i += 1) {
        const posting = postings[i];
        this.expectedPostings.push(`${row.seq}|${i + 1}|${posting.account}|${posting.amountCents}`);
        if (posting.account === customer) {
          this.liabilities.set(userId, (this.liabilities.get(userId) ?? 0n) - posting.amountCents);
        }
      }
    }

    // blocks: events in order; close every block whose range ends before this event
    const blocks = this.blocks;
    while (this.blockIndex < blocks.length && seqAfter(row.seq, blocks[this.blockIndex].last_seq)) {
      this.closeBlock(blocks[this.blockIndex]);
      this.blockIndex += 1;
      this.blockEvents = [];
    }
    if (this.blockIndex < blocks.length && !seqAfter(blocks[this.blockIndex].first_seq, row.seq)) {
      this.blockEvents.push({ seq: row.seq, hash: row.hash });
    }
  }

  private checkChain(row: AuditedLogEvent, head: { version: number; hash: string } | undefined): void {
    const expectedVersion = (head?.version ?? 0) + 1;
    const expectedPrev = head?.hash ?? GENESIS_HASH;
    if (row.version !== expectedVersion) {
      this.chainBad = row.seq;
      this.chainDetail = `${row.streamId}: version ${row.version} where ${expectedVersion} was expected`;
    } else if (row.prevHash !== expectedPrev) {
      this.chainBad = row.seq;
      this.chainDetail = `${row.streamId} v${row.version}: previous hash does not link to v${row.version - 1}`;
    }
  }

  /** The page's stored postings are read (one text) while the next page is folded; one check in flight. */
  async pageEnd(after: string, last: string): Promise<void> {
    this.hashBad ??= await this.pageHashes;
    const expected = this.expectedPostings.join('\n');
    this.expectedPostings = [];
    await this.postingsCheck;
    this.postingsCheck = this.comparePostings(after, last, expected);
    this.postingsCheck.catch(() => undefined); // awaited by the next page or finish()
  }

  private async comparePostings(after: string, last: string, expected: string): Promise<void> {
    if (this.postingsBad !== null) return;
    const [{ page }] = await this.sql.query<{ page: string | null }>(
      `select string_agg(concat_ws('|', event_seq, line, account, amount_cents), E'\\n' order by event_seq, line) as page
         from ledger_postings where event_seq > $1 and event_seq <= $2`,
      [after, last],
    );
    const actual = page ?? '';
    if (actual === expected || this.postingsBad !== null) return;
    // the first event whose lines differ
    const bySeq = (text: string) => {
      const lines = new Map<string, string[]>();
      for (const line of text === '' ? [] : text.split('\n')) {
        const seq = line.slice(0, line.indexOf('|'));
        lines.set(seq, [...(lines.get(seq) ?? []), line.slice(seq.length + 1)]);
      }
      return lines;
    };
    const want = bySeq(expected);
    const have = bySeq(actual);
    const seqs = [...new Set([...want.keys(), ...have.keys()])].sort((a, b) => (a === b ? 0 : seqAfter(a, b) ? 1 : -1));
    for (const seq of seqs) {
      const wanted = (want.get(seq) ?? []).join(', ');
      const had = (have.get(seq) ?? []).join(', ');
      if (wanted !== had) {
        this.postingsBad = seq;
        this.postingsDetail = `event ${seq} has postings [${had}], expected [${wanted}]`;
        return;
      }
    }
  }

  private closeBlock(block: BlockRow): void {
    if (this.blockBad !== null) return;
    const digest = eventsDigest(this.blockEvents);
    const expectedHash = blockHash(this.prevBlockHash, block.block_no, block.first_seq, block.last_seq, digest);
    const firstSeq = this.blockEvents[0]?.seq ?? block.first_seq;
    if (BigInt(block.first_seq) <= this.prevLastSeq) {
      this.blockBad = block.first_seq;
      this.blockDetail = `block ${block.block_no} overlaps the previous block`;
    } else if (block.prev_hash !== this.prevBlockHash) {
      this.blockBad = firstSeq;
      this.blockDetail = `block ${block.block_no} does not link to block ${BigInt(block.block_no) - 1n}`;
    } else if (this.blockEvents.length !== block.event_count || digest !== block.events_digest) {
      this.blockBad = firstSeq;
      this.blockDetail = `block ${block.block_no} (seq ${block.first_seq}..${block.last_seq}): events differ from what was sealed`;
    } else if (expectedHash !== block.hash) {
      this.blockBad = firstSeq;
      this.blockDetail = `block ${block.block_no} hash does not match its content`;
    }
    this.prevBlockHash = block.hash;
    this.prevLastSeq = BigInt(block.last_seq);
  }

  /** The three checks of the pass, once every page was visited. */
  async finish(): Promise<VerifyCheck[]> {
    await this.postingsCheck;
    while (this.blockIndex < this.blocks.length) {
      this.closeBlock(this.blocks[this.blockIndex]);
      this.blockIndex += 1;
      this.blockEvents = [];
    }
    const events = this.events;
    // the first bad event: a broken link (found here) or a changed content (found by the rehash)
    const hashBad = this.hashBad;
    const changed = hashBad !== null && (this.chainBad === null || seqAfter(this.chainBad, hashBad.seq));
    const chainBad = changed ? hashBad.seq : this.chainBad;
    const chainDetail = changed
      ? `${hashBad.streamId} v${hashBad.version}: content does not match its hash (changed after writing)`
      : this.chainDetail;
    return [
      check(
        'hash chain per stream',
        events,
        chainBad,
        chainBad === null ? `${events} events in ${this.heads.size} streams link and hash correctly` : chainDetail,
      ),
      check(
        'postings match their events',
        events,
        this.postingsBad,
        this.postingsBad === null ? `every event carries exactly the postings its type implies` : this.postingsDetail,
      ),
      check(
        'sealed blocks',
        this.blocks.length,
        this.blockBad,
        this.blockBad === null
          ? `${this.blocks.length} blocks, sealed up to seq ${this.prevLastSeq}`
          : this.blockDetail,
      ),
    ];
  }
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
    columns: 'id, user_id, amount_cents, reference_code, status, note, deposit_request_id, created_at',
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
  approvals: {
    columns:
      'id, kind, status, user_id, amount_cents, deposit_request_id, withdrawal_id, note, requested_by, requested_at, decided_by, decided_at, reason',
    key: 'id',
    keyIsSeq: false,
  },
};

async function checkLogAndReplay(
  sql: Sql,
  blocks: BlockRow[],
  threads: boolean,
  onProgress: (eventsRead: number, passDone: boolean) => void,
): Promise<{ log: VerifyCheck[]; replay: VerifyCheck[] }> {
  return sql.withConnection(async (connection) => {
    await connection.query('begin');
    try {
      for (const name of Object.keys(READ_MODEL_TABLES) as (keyof ReadModelTables)[]) {
        await connection.query(
          `create temp table ${REPLAY_TEMP_TABLES[name]} (like ${READ_MODEL_TABLES[name]} including defaults) on commit drop`,
        );
      }
      const hashes = PageHashChecker.open({ threads });
      const audit = new LogAudit(sql, blocks, hashes);
      let replayed: ReplayResult;
      let log: VerifyCheck[];
      try {
        replayed = await replayInto(sql, connection, REPLAY_TEMP_TABLES, {
          audit,
          onPage: (eventsRead) => onProgress(eventsRead, false),
        });
        log = await audit.finish();
      } finally {
        await hashes.close();
      }
      onProgress(replayed.events, true);
      const results: VerifyCheck[] = [];

      // (4) balances: account rows against the fold, and against the liability postings (summed in
      // the pass from the postings each event implies, which check (1) found stored)
      const accountsDiff = await firstDifference(connection, 'accounts', 'where version > 0');
      const stored = await connection.query<{ user_id: string; balance_cents: string }>(
        'select user_id::text as user_id, balance_cents::text as balance_cents from accounts order by user_id',
      );
      const postingMismatch = stored.find(
        (account) => BigInt(account.balance_cents) !== (audit.liabilities.get(account.user_id) ?? 0n),
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
        'approvals',
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
              `replaying ${replayed.events} events reproduces stream heads, deposit requests, withdrawals, deposits, admin transactions, interest payments and approvals`,
            ),
      );
      return { log, replay: results };
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

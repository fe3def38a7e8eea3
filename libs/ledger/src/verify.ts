import * as domain from '@savings/domain';
import { ChartOfAccounts, type LedgerEvent } from '@savings/domain';
import type { Sql, SqlQueryable } from '@savings/database';
import type { VerifyCheck, VerifyReport, VerifyRunProgress } from '@savings/contracts';
import { createHash } from 'node:crypto';
import { blockHash, sealBlocks } from './blocks';
import { GENESIS_HASH } from './event-hash';
import { PageHashChecker, type HashMismatch } from './hash-check';
import { READ_MODEL_TABLES, REPLAY_TEMP_TABLES, type ReadModelTables } from './ledger-tables';
import { checkPayoutFiles } from './payout-files-check';
import { checkProofRoots } from './proof/proof-verify';
import { ProjectionBatch, projectEvent } from './projection';
import { buildReplayWrite } from './projection-writer';
import {
  digestSql,
  LinesDigest,
  SEQ_KEYED_TABLES,
  SeqKeyedPageDigest,
  STORED_PAGE_COLUMNS,
  type SeqKeyedTable,
} from './read-model-text';
import { checkStatementCredits } from './statement-credits-check';
import {
  forEachAuditedEvent,
  isSeqKeyed,
  replayInto,
  seqAfter,
  type AuditedLogEvent,
  type ReplayAudit,
  type ReplayResult,
  type SeqKeyedChange,
} from './replay';

/** bound once, as replay.ts binds the domain functions it calls per event */
const { isAccountEvent, postingsOf } = domain;

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
  /**
   * BANKING_FINGERPRINT_KEY: payout items' banking details are rehashed and compared with their
   * approvals' fingerprints (without it, only the recorded fingerprints are compared)
   */
  bankingFingerprintKey?: Buffer;
}

/**
 * Proves the ledger (api-contract.md section 7): seals pending blocks, then, in ONE pass over the log
 * (the replay's, ADR 0010), checks (1) every stream's hash chain and contiguous versions, and that
 * each event's postings are exactly the ones its type implies, (2) the sealed blocks, while replaying
 * into temporary tables; beside it (3) postings sum to zero per event and in total; then (4) every
 * account row equals the fold of its stream and minus its liability postings, (5) the replay equals
 * the stored read models, (6) every payout file follows from the log, (7) every proof-of-liabilities
 * root is the tree of the customer balances in the log (proof/proof-verify.ts). A failure names the first bad
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
  progress.stage = 'checking payout files and proof-of-liabilities roots against the log';
  report();
  const payoutFiles = await checkPayoutFiles(sql, options.bankingFingerprintKey);
  const statementCredits = await checkStatementCredits(sql);
  progress.stage = 'recomputing the proof-of-liabilities roots from the log';
  report();
  const checks = [
    ...passed.log,
    await zeroSum,
    ...passed.replay,
    payoutFiles,
    statementCredits,
    await checkProofRoots(sql),
  ];
  return { ok: checks.every((c) => c.ok), checks };
}

/** A stream's head as the pass has seen it; an account's also names its customer and liability sum. */
interface StreamHead {
  version: number;
  hash: string;
  customer: string | null;
  liability: { cents: bigint } | null;
}

/**
 * eventsDigest (blocks.ts) of a block's events, fed in chunks of their `seq:hash` lines: an update per
 * event was a million native calls, and a block's text kept whole outlived scavenges (verify.spec.ts
 * compares the two).
 */
export class BlockDigest {
  private readonly hash = createHash('sha256');
  private pending = '';
  count = 0;
  firstSeq: string | null = null;

  add(seq: string, hash: string): void {
    this.pending += `${seq}:${hash}\n`;
    this.count += 1;
    this.firstSeq ??= seq;
    if (this.pending.length > 16_384) {
      this.hash.update(this.pending);
      this.pending = '';
    }
  }

  digest(): string {
    this.hash.update(this.pending);
    return this.hash.digest('hex');
  }
}

interface Difference {
  seq: string | null;
  detail: string;
}

/**
 * One read per page of what the pass compares with stored rows: the SHA-256 of the page's postings and
 * of its rows of each seq-keyed read model as one text (read-model-text.ts), ordered by the subqueries
 * (the primary keys' index scans) rather than inside the aggregates, which sorted every page again
 * (PostgreSQL 15): the postings' text cost 1.65 s of server CPU for 2,000,000 postings, 0.98 s so.
 */
const POSTING_LINE = `concat_ws('|', event_seq, line, account, amount_cents)`;
const STORED_PAGE_SQL = `select
    (select ${digestSql(`string_agg(${POSTING_LINE}, E'\\n')`)}
       from (select event_seq, line, account, amount_cents from ledger_postings
              where event_seq > $1 and event_seq <= $2 order by event_seq, line) p) as postings,
    ${SEQ_KEYED_TABLES.map(
      (name) => `(select ${digestSql(`string_agg(concat_ws(E'\\t', ${STORED_PAGE_COLUMNS[name]}), E'\\n')`)}
       from (select * from ${READ_MODEL_TABLES[name]} where id > $1 and id <= $2 order by id) t) as "${name}"`,
    ).join(',\n    ')}`;

/** A posting as its line of the page's text. */
const postingLine = (seq: string, line: number, posting: { account: string; amountCents: bigint }): string =>
  `${seq}|${line}|${posting.account}|${posting.amountCents}`;

/**
 * The checks made of each event during the replay's pass: hash chains, postings and the seq-keyed
 * read models (the digest of a page's expected text against the stored page's, read while the next log
 * page is folded), blocks, and the liability postings summed per customer for the balance check.
 */
class LogAudit implements ReplayAudit {
  private readonly heads = new Map<string, StreamHead>();
  private chainBad: string | null = null;
  private chainDetail = '';
  private postingsBad: string | null = null;
  private postingsDetail = '';
  private blockBad: string | null = null;
  private blockDetail = '';
  events = 0;
  /** minus the sum of each customer's liability postings, by user id: what its balance must be */
  readonly liabilities = new Map<string, { cents: bigint }>();

  private expectedPostings = new LinesDigest();
  private pageCheck: Promise<void> = Promise.resolve();
  /** the event being visited: the seq-keyed rows it inserts carry its seq */
  private currentSeq = '';
  private readonly seqKeyed = new SeqKeyedPageDigest();
  /** the page being folded (kept while its rows are compared, to project them again if they differ) */
  private page = '';
  /** the first difference of each seq-keyed read model with the replay, among the pages compared */
  readonly seqKeyedDiffs = new Map<SeqKeyedTable, Difference>();

  /** the page being folded: its hashes are recomputed beside the fold (PageHashChecker) */
  private pageHashes: Promise<HashMismatch | null> = Promise.resolve(null);
  private hashBad: HashMismatch | null = null;

  // blocks: the block the current events belong to
  private blockIndex = 0;
  private blockEvents = new BlockDigest();
  private prevBlockHash = GENESIS_HASH;
  private prevLastSeq = 0n;

  constructor(
    private readonly sql: Sql,
    /** the replay's connection: its temporary tables take a page's rows when their digests differ */
    private readonly replayConnection: SqlQueryable,
    private readonly blocks: BlockRow[],
    private readonly hashes: PageHashChecker,
  ) {}

  pageStart(page: string): void {
    this.page = page;
    this.pageHashes = this.hashBad === null ? this.hashes.check(page) : Promise.resolve(null);
    this.pageHashes.catch(() => undefined); // awaited at the page's end
  }

  event(row: AuditedLogEvent, event: LedgerEvent, userId: string | null): void {
    this.events += 1;
    this.currentSeq = row.seq;
    let head = this.heads.get(row.streamId);
    if (this.chainBad === null) this.checkChain(row, head);
    if (head) {
      head.version = row.version;
      head.hash = row.hash;
    } else {
      head = { version: row.version, hash: row.hash, customer: null, liability: null };
      if (userId !== null) {
        // per stream, not per event: the customer's account name and liability sum (by user id)
        head.customer = ChartOfAccounts.customer(userId);
        head.liability = this.liabilities.get(userId) ?? { cents: 0n };
        this.liabilities.set(userId, head.liability);
      }
      this.heads.set(row.streamId, head);
    }

    // the replay refuses an account stream holding anything but account events
    if (head.liability !== null && isAccountEvent(event)) {
      const postings = postingsOf(userId as string, event);
      for (let i = 0; i < postings.length; i += 1) {
        const posting = postings[i];
        this.expectedPostings.line(postingLine(row.seq, i + 1, posting));
        if (posting.account === head.customer) head.liability.cents -= posting.amountCents;
      }
    }

    // blocks: events in order; close every block whose range ends before this event
    const blocks = this.blocks;
    while (this.blockIndex < blocks.length && seqAfter(row.seq, blocks[this.blockIndex].last_seq)) {
      this.closeBlock(blocks[this.blockIndex]);
      this.blockIndex += 1;
    }
    if (this.blockIndex < blocks.length && !seqAfter(blocks[this.blockIndex].first_seq, row.seq)) {
      this.blockEvents.add(row.seq, row.hash);
    }
  }

  private checkChain(row: AuditedLogEvent, head: StreamHead | undefined): void {
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

  seqKeyedRow(change: SeqKeyedChange): void {
    // the stored rows of a page are found by the page's seqs
    if (change.row.id !== this.currentSeq) {
      throw new Error(`The ${change.table} row ${change.row.id} is not keyed by its event's seq ${this.currentSeq}`);
    }
    this.seqKeyed.add(change);
  }

  /** The page's stored rows are digested (one query) while the next page is folded; one check in flight. */
  async pageEnd(after: string, last: string): Promise<void> {
    this.hashBad ??= await this.pageHashes;
    const expected = this.expectedPostings.digest();
    this.expectedPostings = new LinesDigest();
    const replayed = this.seqKeyed.take();
    const page = this.page;
    await this.pageCheck;
    this.pageCheck = this.comparePage(after, last, expected, replayed, page);
    this.pageCheck.catch(() => undefined); // awaited by the next page or finish()
  }

  private async comparePage(
    after: string,
    last: string,
    expected: string,
    replayed: Record<SeqKeyedTable, string>,
    page: string,
  ): Promise<void> {
    // The planner reads a page's rows by a bitmap scan and sorts them; the primary key's index scan
    // gives them in order (postings of 1,000,000 events: 1.07-1.25 s of server CPU -> 0.69-0.80 s).
    const [stored] = await this.sql.transaction(async (tx) => {
      await tx.query('set local enable_bitmapscan = off');
      return tx.query<Record<'postings' | SeqKeyedTable, string>>(STORED_PAGE_SQL, [after, last]);
    });
    for (const name of SEQ_KEYED_TABLES) {
      if (stored[name] !== replayed[name] && !this.seqKeyedDiffs.has(name)) {
        const diff = await this.comparePageExactly(name, after, last, page);
        if (diff && !this.seqKeyedDiffs.has(name)) this.seqKeyedDiffs.set(name, diff);
      }
    }
    if (stored.postings !== expected) await this.comparePostings(after, last, page);
  }

  /**
   * Texts that differ may differ in form only (read-model-text.ts): the page's replayed rows (projected
   * again from the page) go to the temporary table and are compared with the stored rows of the page's
   * seqs as the whole tables were.
   */
  private async comparePageExactly(
    name: SeqKeyedTable,
    after: string,
    last: string,
    page: string,
  ): Promise<Difference | null> {
    const batch = new ProjectionBatch();
    forEachAuditedEvent(page, after, (row, event, userId) => {
      for (const change of projectEvent({ seq: row.seq, userId: userId ?? '', occurredAt: row.occurredAt, event })) {
        if (isSeqKeyed(change) && change.table === name) batch.add(change);
      }
    });
    for (const copy of buildReplayWrite(REPLAY_TEMP_TABLES, batch).copies) {
      await this.replayConnection.copyFrom(copy.target, copy.rows);
    }
    return firstDifference(this.replayConnection, name, {
      stored: 'where id > $1 and id <= $2',
      replayed: 'where id > $1 and id <= $2',
      params: [after, last],
    });
  }

  /**
   * The page's postings differ from what its events imply (by digest): both texts, the stored rows as
   * the aggregate itself orders them (a text differing only by the subquery's order is no failure),
   * the expected ones derived again from the page.
   */
  private async comparePostings(after: string, last: string, page: string): Promise<void> {
    if (this.postingsBad !== null) return;
    const [sorted] = await this.sql.query<{ page: string | null }>(
      `select string_agg(${POSTING_LINE}, E'\\n' order by event_seq, line) as page
         from ledger_postings where event_seq > $1 and event_seq <= $2`,
      [after, last],
    );
    const actual = sorted.page ?? '';
    const lines: string[] = [];
    forEachAuditedEvent(page, after, (row, event, userId) => {
      if (userId === null || !isAccountEvent(event)) return;
      postingsOf(userId, event).forEach((posting, i) => lines.push(postingLine(row.seq, i + 1, posting)));
    });
    const expected = lines.join('\n');
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
    const events = this.blockEvents;
    this.blockEvents = new BlockDigest();
    if (this.blockBad !== null) return;
    const firstSeq = events.firstSeq ?? block.first_seq;
    const digest = events.digest();
    const expectedHash = blockHash(this.prevBlockHash, block.block_no, block.first_seq, block.last_seq, digest);
    if (BigInt(block.first_seq) <= this.prevLastSeq) {
      this.blockBad = block.first_seq;
      this.blockDetail = `block ${block.block_no} overlaps the previous block`;
    } else if (block.prev_hash !== this.prevBlockHash) {
      this.blockBad = firstSeq;
      this.blockDetail = `block ${block.block_no} does not link to block ${BigInt(block.block_no) - 1n}`;
    } else if (events.count !== block.event_count || digest !== block.events_digest) {
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
    await this.pageCheck;
    while (this.blockIndex < this.blocks.length) {
      this.closeBlock(this.blocks[this.blockIndex]);
      this.blockIndex += 1;
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
    columns:
      'id, user_id, amount_cents, status, requested_at, processed_at, completed_at, approved_banking_fingerprint, returned_at, return_reason',
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
  approvals: {
    columns:
      'id, kind, status, user_id, amount_cents, deposit_request_id, withdrawal_id, note, requested_by, requested_at, decided_by, decided_at, reason, bank_statement_line_id',
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
      const audit = new LogAudit(sql, connection, blocks, hashes);
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
      const accountsDiff = await firstDifference(connection, 'accounts', { stored: 'where version > 0' });
      const stored = await connection.query<{ user_id: string; balance_cents: string }>(
        'select user_id::text as user_id, balance_cents::text as balance_cents from accounts order by user_id',
      );
      const postingMismatch = stored.find(
        (account) => BigInt(account.balance_cents) !== (audit.liabilities.get(account.user_id)?.cents ?? 0n),
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

      // (5) every other read model equals its replay: the seq-keyed ones were compared page by page
      // in the pass, but for stored rows outside the log's seqs
      let firstBad: Difference | null = null;
      for (const name of [
        'streams',
        'depositRequests',
        'withdrawals',
        'deposits',
        'adminTransactions',
        'interestPayments',
        'approvals',
      ] as const) {
        const diff =
          name === 'deposits' || name === 'adminTransactions' || name === 'interestPayments'
            ? await seqKeyedDifference(connection, name, audit.seqKeyedDiffs.get(name) ?? null, replayed.lastSeq)
            : await firstDifference(connection, name, {});
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

/**
 * A seq-keyed read model's first difference with the replay: a stored row below the log's seqs, the
 * first difference the pass found, or a stored row beyond the last replayed seq (key order, as the
 * whole-table comparison of the other read models).
 */
async function seqKeyedDifference(
  q: SqlQueryable,
  name: SeqKeyedTable,
  inPass: Difference | null,
  lastSeq: string,
): Promise<Difference | null> {
  const table = READ_MODEL_TABLES[name];
  const [outside] = await q.query<{ below: string | null; beyond: string | null }>(
    `select (select min(id) from ${table} where id <= 0)::text as below,
            (select min(id) from ${table} where id > $1)::text as beyond`,
    [lastSeq],
  );
  const storedOnly = (key: string): Difference => ({
    seq: key,
    detail: `${table} row ${key} ${STORED_SIDE}`,
  });
  if (outside.below !== null) return storedOnly(outside.below);
  if (inPass) return inPass;
  return outside.beyond === null ? null : storedOnly(outside.beyond);
}

const STORED_SIDE = 'differs from (or is missing in) the replay';

/**
 * The first row (by key) in which a read model and its replay differ, each side filtered as given
 * (stored rows at version 0, a page's seqs).
 */
async function firstDifference(
  q: SqlQueryable,
  name: keyof ReadModelTables,
  filter: { stored?: string; replayed?: string; params?: unknown[] },
): Promise<Difference | null> {
  const { columns, key, keyIsSeq } = COMPARED[name];
  const stored = READ_MODEL_TABLES[name];
  const replayed = REPLAY_TEMP_TABLES[name];
  const storedFilter = filter.stored ?? '';
  const replayedFilter = filter.replayed ?? '';
  const [row] = await q.query<{ key: string; side: string }>(
    `select key::text as key, side from (
        (select ${key} as key, 'stored' as side from (select ${columns} from ${stored} ${storedFilter}
           except select ${columns} from ${replayed} ${replayedFilter}) s)
        union all
        (select ${key} as key, 'replay' as side from (select ${columns} from ${replayed} ${replayedFilter}
           except select ${columns} from ${stored} ${storedFilter}) r)
      ) d order by d.key limit 1`,
    filter.params ?? [],
  );
  if (!row) return null;
  const what = row.side === 'stored' ? STORED_SIDE : 'is missing or different in the stored table';
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

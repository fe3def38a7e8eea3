import { Pool } from 'pg';
import { queryableOf, type Sql, type SqlQueryable } from '@savings/database';
import { evolve, initialAccountState, type AccountEvent, type AccountState } from '@savings/domain';
import { resetDatabase, testDatabaseUrl } from '@savings/testing';
import { appendToStreams, type EventMetadata } from './append';
import { streamIdOf } from './event-hash';
import { READ_MODEL_TABLES, REPLAY_TEMP_TABLES, type ReadModelTables } from './ledger-tables';
import { dateDays, quotedText, timestampHex, trimmedDecimal } from './read-model-text';
import { rebuildReadModels, replayInto } from './replay';
import { verifyLedger } from './verify';

/**
 * Replay reads the log as one text per page and writes array literals of its own making: values that
 * could shift fields or elements (tabs, newlines, quotes, backslashes, commas, braces, the word NULL,
 * empty strings) and timestamps before 1970 or with milliseconds must come back exactly as the live
 * path wrote them, on one page or across many.
 */
let pool: Pool;
let sql: Sql;

const metadata: EventMetadata = {
  actor: { kind: 'admin', id: 1 },
  correlationId: 'replay-spec',
  causationId: null,
  idempotencyKey: null,
};

const TRICKY_NOTES = [
  'tab\there',
  'new\nline and\r\nCRLF',
  'quote " and backslash \\ and \\" both',
  'comma, {braces}, [brackets]',
  'NULL',
  '',
  'ünïcödé ✓ and \u0001 control',
  '"',
  '\\',
];

const heads = new Map<number, { state: AccountState; hash: string | null }>();

async function createAccount(name: string): Promise<number> {
  const [user] = (
    await pool.query<{ id: string }>(
      `insert into users (name, email, password_hash, reference_code) values ($1, $2, 'x', $3) returning id::text as id`,
      [name, `${name}@example.test`, `RS${name.toUpperCase()}`],
    )
  ).rows;
  await pool.query('insert into accounts (user_id) values ($1)', [user.id]);
  heads.set(Number(user.id), { state: initialAccountState, hash: null });
  return Number(user.id);
}

async function append(userId: number, events: AccountEvent[], occurredAt: Date): Promise<void> {
  const head = heads.get(userId) as { state: AccountState; hash: string | null };
  const after = events.reduce(evolve, head.state);
  const outcome = await sql.transaction((tx) =>
    appendToStreams(tx, [
      {
        streamId: streamIdOf(userId),
        expectedVersion: head.state.version,
        prevHash: head.hash,
        after,
        events,
        metadata,
        occurredAt,
      },
    ]),
  );
  const appended = outcome.appended.get(streamIdOf(userId));
  if (!appended) throw new Error('version conflict in a single-writer test');
  heads.set(userId, { state: after, hash: appended[appended.length - 1].hash });
}

async function seedLog(): Promise<void> {
  const alice = await createAccount('alice');
  const bob = await createAccount('bob');
  let balance = 0n;
  const confirm = (cents: bigint, note: string | null, depositRequestId: number | null): AccountEvent => {
    const before = balance;
    balance += cents;
    return {
      type: 'DepositConfirmed',
      data: {
        depositRequestId,
        amountCents: String(cents),
        note,
        adminId: 1,
        referenceCode: 'RSALICE',
        balanceBeforeCents: String(before),
        balanceAfterCents: String(balance),
      },
    };
  };
  // times with milliseconds, one before 1970 (a negative epoch)
  await append(alice, [confirm(10_000n, null, null)], new Date('1969-12-31T23:59:59.999Z'));
  for (const [i, note] of TRICKY_NOTES.entries()) {
    await append(alice, [confirm(BigInt(100 + i), note, null)], new Date(Date.UTC(2031, 0, 1 + i, 9, 0, 0, i * 7)));
  }
  // a deposit request created, changed and confirmed in separate events (update of an earlier row)
  await append(
    alice,
    [{ type: 'DepositRequested', data: { depositRequestId: 9001, amountCents: '5000' } }],
    new Date('2031-02-01T10:00:00.001Z'),
  );
  await append(
    alice,
    [{ type: 'DepositRequestAmountChanged', data: { depositRequestId: 9001, fromCents: '5000', toCents: '5100' } }],
    new Date('2031-02-01T10:00:00.002Z'),
  );
  await append(alice, [confirm(5100n, 'for request "9001"', 9001)], new Date('2031-02-02T10:00:00.003Z'));
  // bob: a withdrawal through its whole life, an adjustment and interest
  await append(
    bob,
    [
      {
        type: 'DepositConfirmed',
        data: {
          depositRequestId: null,
          amountCents: '20000',
          note: 'bob\tfirst',
          adminId: null,
          referenceCode: 'RSBOB',
          balanceBeforeCents: '0',
          balanceAfterCents: '20000',
        },
      },
    ],
    new Date('2031-03-01T00:00:00.000Z'),
  );
  await append(
    bob,
    [{ type: 'WithdrawalRequested', data: { withdrawalId: 7001, amountCents: '3000' } }],
    new Date('2031-03-02T00:00:00.010Z'),
  );
  await append(
    bob,
    [
      {
        type: 'WithdrawalApproved',
        data: {
          withdrawalId: 7001,
          amountCents: '3000',
          adminId: 1,
          balanceBeforeCents: '20000',
          balanceAfterCents: '17000',
        },
      },
      { type: 'WithdrawalPaidOut', data: { withdrawalId: 7001, amountCents: '3000', payoutDate: '2031-03-03' } },
    ],
    new Date('2031-03-03T00:00:00.020Z'),
  );
  await append(
    bob,
    [
      {
        type: 'BalanceAdjusted',
        data: {
          operation: 'subtract',
          amountCents: '17',
          adminId: 1,
          note: 'a,b {c} "d" \\e',
          balanceBeforeCents: '17000',
          balanceAfterCents: '16983',
        },
      },
      {
        type: 'InterestAccrued',
        data: {
          accrualDate: '2031-03-04',
          balanceCents: '16983',
          rateNumerator: 7,
          rateDenominator: 36500,
          exactOwedCents: '118881/36500',
          creditedCents: '3',
          carryBefore: 0,
          carryAfter: 9381,
          balanceAfterCents: '16986',
        },
      },
    ],
    new Date('2031-03-04T23:59:59.999Z'),
  );
}

/** Every read-model row as JSON text (updated_at of accounts is bookkeeping, not state). */
async function snapshot(q: SqlQueryable, tables: ReadModelTables): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    const columns =
      name === 'accounts'
        ? 'user_id, version, balance_cents, held_cents, interest_carry, last_accrual_date, last_hash'
        : '*';
    const rows = await q.query<{ row: string }>(
      `select row_to_json(x)::text as row from (select ${columns} from ${table}) x order by 1`,
    );
    result[name] = rows.map((r) => r.row);
  }
  return result;
}

beforeAll(async () => {
  await resetDatabase();
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 4 });
  sql = {
    query: async (text, params = []) => (await pool.query(text, params)).rows,
    copyFrom: async (target, rows) => {
      const client = await pool.connect();
      try {
        await queryableOf(client).copyFrom(target, rows);
      } finally {
        client.release();
      }
    },
    withConnection: async (work) => {
      const client = await pool.connect();
      try {
        return await work(queryableOf(client));
      } finally {
        client.release();
      }
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(queryableOf(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
  };
  await seedLog();
});

afterAll(async () => {
  await pool.end();
});

describe('replay', () => {
  it('stored every tricky value and millisecond exactly (the live path, through the same writer)', async () => {
    const notes = await pool.query<{ note: string | null; at: string }>(
      `select note, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
         from deposits where user_id = (select min(user_id) from accounts) order by id`,
    );
    expect(notes.rows.map((r) => r.note)).toEqual([null, ...TRICKY_NOTES, 'for request "9001"']);
    expect(notes.rows[0].at).toBe('1969-12-31T23:59:59.999Z');
    expect(notes.rows[3].at).toBe('2031-01-03T09:00:00.014Z');
  });

  it('rebuilds every read model exactly as the live path wrote it', async () => {
    const before = await sql.transaction((tx) => snapshot(tx, READ_MODEL_TABLES));
    expect(before.depositRequests).toHaveLength(1);
    expect(before.withdrawals).toHaveLength(1);
    expect(before.interestPayments).toHaveLength(1);
    const result = await rebuildReadModels(sql);
    expect(result).toMatchObject({ accounts: 2 });
    const after = await sql.transaction((tx) => snapshot(tx, READ_MODEL_TABLES));
    expect(after).toEqual(before);
  });

  it('gives the same rows when every page holds one, two or three events, or five in batches of two, read ahead or not', async () => {
    const stored = await sql.transaction((tx) => snapshot(tx, READ_MODEL_TABLES));
    for (const [pageSize, batchEvents, readAhead] of [[1], [2], [3], [5, 2], [1, undefined, 4], [3, 2, 2]]) {
      const replayed = await sql.transaction(async (tx) => {
        for (const name of Object.keys(READ_MODEL_TABLES) as (keyof ReadModelTables)[]) {
          await tx.query(
            `create temp table ${REPLAY_TEMP_TABLES[name]} (like ${READ_MODEL_TABLES[name]} including defaults) on commit drop`,
          );
        }
        await replayInto(sql, tx, REPLAY_TEMP_TABLES, { pageSize, batchEvents, readAhead });
        return snapshot(tx, REPLAY_TEMP_TABLES);
      });
      expect(replayed).toEqual(stored);
    }
  });

  it('refuses, and rolls back, a log whose stream id or type holds a tab or a newline (raw fields)', async () => {
    const stored = await sql.transaction((tx) => snapshot(tx, READ_MODEL_TABLES));
    const client = await pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      const [event] = (
        await client.query<{ seq: string; stream_id: string; type: string }>(
          `select seq::text as seq, stream_id, type from ledger_events where type = 'BalanceAdjusted' order by seq limit 1`,
        )
      ).rows;
      const tampered: [column: 'stream_id' | 'type', value: string][] = [
        ['stream_id', `${event.stream_id}\tBalanceAdjusted`],
        ['stream_id', `${event.stream_id}\n1\t${event.stream_id}`],
        ['type', 'Balance\tAdjusted'],
        ['type', `${event.type}\t1`],
        ['type', `${event.type}\n`],
      ];
      for (const [column, value] of tampered) {
        await client.query(`update ledger_events set ${column} = $2 where seq = $1`, [event.seq, value]);
        await expect(rebuildReadModels(sql)).rejects.toThrow(/malformed/);
        await client.query(`update ledger_events set stream_id = $2, type = $3 where seq = $1`, [
          event.seq,
          event.stream_id,
          event.type,
        ]);
      }
    } finally {
      client.release();
    }
    expect(await sql.transaction((tx) => snapshot(tx, READ_MODEL_TABLES))).toEqual(stored);
  });

  it('writes values as the stored side does: quote_nullable, timestamptz_send, days since 2000, trim_scale', async () => {
    for (const text of [...TRICKY_NOTES, null, "it's", "\\'", 'E', 'NULL']) {
      const [row] = await sql.query<{ quoted: string }>('select quote_nullable($1::text) as quoted', [text]);
      expect(quotedText(text)).toBe(row.quoted);
    }
    for (const iso of [
      '1969-12-31T23:59:59.999Z',
      '2000-01-01T00:00:00.000Z',
      '2031-03-04T23:59:59.999Z',
      '1900-06-30T12:00:00.123Z',
    ]) {
      const [row] = await sql.query<{ hex: string }>(`select encode(timestamptz_send($1::timestamptz), 'hex') as hex`, [
        iso,
      ]);
      expect(timestampHex(new Date(iso))).toBe(row.hex);
    }
    for (const day of ['2000-01-01', '1999-12-31', '2031-03-04', '1970-01-01', '2400-02-29']) {
      const [row] = await sql.query<{ days: string }>(`select ($1::date - date '2000-01-01')::text as days`, [day]);
      expect(dateDays(day)).toBe(row.days);
    }
    // forms PostgreSQL writes otherwise, or a day that does not exist: never written as days
    for (const odd of ['2031-3-4', '0999-01-01', '2031-02-30', '20310304']) expect(dateDays(odd)).toBe(quotedText(odd));
    for (const rate of ['0.000191780822', '0.100000000000', '1.000000000000', '0', '12', '0.5']) {
      const [row] = await sql.query<{ trimmed: string }>('select trim_scale($1::numeric(20,12))::text as trimmed', [
        rate,
      ]);
      expect(trimmedDecimal(rate)).toBe(row.trimmed);
    }
  });

  it('compares the seq-keyed read models page by page as exactly as EXCEPT: a microsecond, a row beyond the log, a missing row', async () => {
    expect((await verifyLedger(sql, { threads: false })).ok).toBe(true);
    const replayCheck = async () =>
      (await verifyLedger(sql, { threads: false })).checks.find((c) => c.name === 'replay equals read models');
    const client = await pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      const [adjusted] = (
        await client.query<{ id: string }>(
          `update admin_transactions set created_at = created_at + interval '1 microsecond'
            where id = (select max(id) from admin_transactions) returning id::text as id`,
        )
      ).rows;
      expect(await replayCheck()).toMatchObject({ ok: false, firstBadSeq: Number(adjusted.id) });
      await client.query(
        `update admin_transactions set created_at = created_at - interval '1 microsecond' where id = $1`,
        [adjusted.id],
      );

      const [beyond] = (
        await client.query<{ id: string }>(
          `insert into deposits (id, user_id, amount_cents, reference_code, status, note, created_at)
           select (select max(seq) + 1000 from ledger_events), user_id, amount_cents, reference_code, status, note, created_at
             from deposits order by id limit 1 returning id::text as id`,
        )
      ).rows;
      expect(await replayCheck()).toMatchObject({ ok: false, firstBadSeq: Number(beyond.id) });
      await client.query('delete from deposits where id = $1', [beyond.id]);

      const [removed] = (await client.query<Record<string, unknown>>('delete from interest_payments returning *')).rows;
      const check = await replayCheck();
      expect(check).toMatchObject({ ok: false, firstBadSeq: Number(removed.id) });
      expect(check?.detail).toMatch(/interest_payments row \d+ is missing or different in the stored table/);
      await client.query(
        `insert into interest_payments select * from json_populate_record(null::interest_payments, $1::json)`,
        [JSON.stringify(removed)],
      );
    } finally {
      client.release();
    }
    expect((await verifyLedger(sql)).ok).toBe(true);
  });

  it('names the event whose stored postings differ from what it implies, with both lists', async () => {
    const client = await pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      const [posting] = (
        await client.query<{ seq: string; line: number; account: string; amount: string }>(
          `update ledger_postings set amount_cents = amount_cents + 1
            where (event_seq, line) = (select event_seq, line from ledger_postings order by event_seq desc, line limit 1)
            returning event_seq::text as seq, line, account, amount_cents::text as amount`,
        )
      ).rows;
      const check = (await verifyLedger(sql)).checks.find((c) => c.name === 'postings match their events');
      expect(check).toMatchObject({ ok: false, firstBadSeq: Number(posting.seq) });
      expect(check?.detail).toContain(
        `event ${posting.seq} has postings [${posting.line}|${posting.account}|${posting.amount}`,
      );
      expect(check?.detail).toContain(`expected [${posting.line}|${posting.account}|${BigInt(posting.amount) - 1n}`);
      await client.query(
        'update ledger_postings set amount_cents = amount_cents - 1 where event_seq = $1 and line = $2',
        [posting.seq, posting.line],
      );
    } finally {
      client.release();
    }
    expect((await verifyLedger(sql)).ok).toBe(true);
  });

  it('verifies, and names the event whose note was changed by hand', async () => {
    expect((await verifyLedger(sql)).ok).toBe(true);
    const client = await pool.connect();
    let seq: string;
    try {
      await client.query('set session_replication_role = replica');
      const changed = await client.query<{ seq: string }>(
        `update ledger_events set payload = jsonb_set(payload, '{note}', '"tab\\there, changed"')
          where type = 'BalanceAdjusted' returning seq::text as seq`,
      );
      seq = changed.rows[0].seq;
    } finally {
      client.release();
    }
    const report = await verifyLedger(sql);
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.name === 'hash chain per stream')).toMatchObject({
      ok: false,
      firstBadSeq: Number(seq),
    });
    expect(report.checks.find((c) => c.name === 'replay equals read models')).toMatchObject({
      ok: false,
      firstBadSeq: Number(seq),
    });
  });
});

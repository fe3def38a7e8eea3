import { Client } from 'pg';
import { testDatabaseUrl } from '@savings/testing';

/**
 * The per-statement reference checks that replaced two foreign keys (Migration20261122000620): a row
 * naming a missing event or user is refused like a foreign key refuses it, in a statement of one row
 * or of many.
 */
let db: Client;
let userId: string;
let eventSeq: string;

beforeAll(async () => {
  db = new Client({ connectionString: testDatabaseUrl() });
  await db.connect();
  const suffix = `${process.pid}-${Date.now()}`;
  [{ id: userId }] = (
    await db.query<{ id: string }>(
      `insert into users (name, email, password_hash, reference_code)
       values ('Checks', $1, 'x', $2) returning id::text as id`,
      [`checks-${suffix}@example.test`, `CHK${suffix}`],
    )
  ).rows;
  [{ seq: eventSeq }] = (
    await db.query<{ seq: string }>(
      `insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
       values ($1, 1, 'Test', 1, '{}', '{}', now(), 'h', 'p') returning seq::text as seq`,
      [`checks-${suffix}`],
    )
  ).rows;
});

afterAll(async () => {
  await db.end();
});

async function refusal(statement: string, params: unknown[]): Promise<string | undefined> {
  await db.query('begin');
  try {
    await db.query(statement, params);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await db.query('rollback');
  }
}

describe('reference checks per statement', () => {
  it('accepts postings of existing events, one row or many', async () => {
    await expect(
      refusal(`insert into ledger_postings (event_seq, line, account, amount_cents) values ($1, 1, 'a', 5)`, [
        eventSeq,
      ]),
    ).resolves.toBeUndefined();
    await expect(
      refusal(
        `insert into ledger_postings (event_seq, line, account, amount_cents)
         select $1, g, 'a', 0 from generate_series(1, 5000) g`,
        [eventSeq],
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses a posting of a missing event, alone or among valid rows', async () => {
    await expect(
      refusal(`insert into ledger_postings (event_seq, line, account, amount_cents) values ($1, 1, 'a', 5)`, [
        String(BigInt(eventSeq) + 1_000_000n),
      ]),
    ).resolves.toBe('23503');
    await expect(
      refusal(
        `insert into ledger_postings (event_seq, line, account, amount_cents)
         select case when g = 4000 then $1 + 1000000 else $1 end, g, 'a', 0 from generate_series(1, 5000) g`,
        [eventSeq],
      ),
    ).resolves.toBe('23503');
  });

  it('accepts interest payments of existing users and refuses one of a missing user', async () => {
    const payment = `insert into interest_payments
        (id, user_id, accrual_date, balance_cents, interest_rate, interest_cents, payment_date)
      values ($1, $2, '2030-01-01', 100, 0.000191780822, 0, now())`;
    await expect(refusal(payment, [eventSeq, userId])).resolves.toBeUndefined();
    await expect(refusal(payment, [eventSeq, String(BigInt(userId) + 1_000_000n)])).resolves.toBe('23503');
  });
});

describe('ledger_events.seq (Migration20261122000630)', () => {
  it('is drawn from the sequence, after the transaction id', async () => {
    // The row's values (its identity seq among them) are computed before the row is written; the
    // hash column records whether the transaction had an id at that moment: only the statement
    // trigger can have taken it, since nothing else in this transaction wrote yet.
    await db.query('begin');
    try {
      const [row] = (
        await db.query<{ seq: string; xid_at_values: string }>(
          `insert into ledger_events (stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
           select $1, 1, 'Test', 1, '{}', '{}', now(), coalesce(pg_current_xact_id_if_assigned()::text, 'none'), 'p'
           returning seq::text as seq, hash as xid_at_values`,
          [`seq-${process.pid}-${Date.now()}`],
        )
      ).rows;
      expect(BigInt(row.seq)).toBeGreaterThan(BigInt(eventSeq));
      expect(row.xid_at_values).not.toBe('none');
    } finally {
      await db.query('rollback');
    }
  });

  it('refuses a seq chosen by the client', async () => {
    await expect(
      refusal(
        `insert into ledger_events (seq, stream_id, version, type, schema_version, payload, metadata, occurred_at, hash, prev_hash)
         values (1, $1, 1, 'Test', 1, '{}', '{}', now(), 'h', 'p')`,
        [`seq-${process.pid}-${Date.now()}`],
      ),
    ).resolves.toBe('428C9');
  });
});

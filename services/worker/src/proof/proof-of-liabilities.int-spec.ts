import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CommitProofCommand,
  ConfirmDepositCommand,
  GetBalanceProofQuery,
  InterestRunService,
  ListProofRootsQuery,
  SQL,
} from '@savings/application';
import { checkBalanceProof, type BalanceProofResponse, type ProofRootsResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { PROOF_STREAM, verifyLedger, type ProofCommitment } from '@savings/ledger';
import { resetDatabase } from '@savings/testing';
import { fundedUser, startApplication, workerTestConfig } from '../testing/worker-test-kit';

const DATE = '2027-05-10';
const FUNDED = 12;
const job = { actor: { kind: 'job' as const, id: 'test' }, correlationId: 'proof-test' };
// the system funds the accounts: an admin may not move money on an account of their own id
const system = { actor: { kind: 'system' as const, id: 'proof-test' }, correlationId: 'proof-test' };

/**
 * Proof of liabilities (api-contract.md section 13) against real PostgreSQL: the commitment made when
 * a day's interest run completes, its root in the hash chain, every customer's proof leading to it,
 * a commitment taken while deposits land, and `ledger verify` failing when a root is altered.
 */
describe('proof of liabilities', () => {
  let app: INestApplicationContext;
  let sql: Sql;
  const users: number[] = [];

  beforeAll(async () => {
    await resetDatabase();
    app = await startApplication(workerTestConfig());
    sql = app.get<Sql>(SQL);
    // more than 9 customers: leaves go in numeric user-id order (10 after 9, not after 1)
    for (const amount of [
      '100.00',
      '2500.50',
      '0.07',
      '999999.99',
      '42.00',
      '1.00',
      '7.77',
      '10.00',
      '3.50',
      '80.00',
      '12.12',
      '5.00',
    ]) {
      users.push(await fundedUser(app, amount));
    }
    users.push(await fundedUser(app, null)); // no ledger activity: not a leaf
  }, 60_000);

  afterAll(() => app.close());

  const customerTotal = async () =>
    (await sql.query<{ t: string }>('select coalesce(sum(balance_cents), 0)::text as t from accounts'))[0].t;

  it('commits a tree when the interest run of a day completes, once per day', async () => {
    const runs = app.get(InterestRunService);
    await runs.runThrough(DATE, job);
    const roots: ProofRootsResponse = await app.get(QueryBus).execute(new ListProofRootsQuery());
    expect(roots.roots).toHaveLength(1);
    expect(roots.roots[0]).toMatchObject({ date: DATE, leafCount: FUNDED, total: await customerTotal() });

    // closing the date again (a retried close, a rerun as a check) commits nothing more
    await runs.runThrough(DATE, job);
    const [count] = await sql.query<{ n: number }>('select count(*)::int as n from proof_commitments');
    expect(count.n).toBe(1);
  });

  it("seals the root in the ledger's hash chain", async () => {
    const [event] = await sql.query<{ seq: string; type: string; payload: Record<string, unknown> }>(
      'select seq::text as seq, type, payload from ledger_events where stream_id = $1',
      [PROOF_STREAM],
    );
    const roots: ProofRootsResponse = await app.get(QueryBus).execute(new ListProofRootsQuery());
    const { date, at, root, total, leafCount } = roots.roots[0];
    expect(event.type).toBe('ProofRootCommitted');
    expect(event.payload).toMatchObject({ date, at, root, total, leafCount });
    const report = await verifyLedger(sql);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.checks.find((c) => c.name === 'proof-of-liabilities roots')).toMatchObject({ ok: true, checked: 1 });
    const [block] = await sql.query<{ n: number }>(
      'select count(*)::int as n from ledger_blocks where first_seq <= $1 and last_seq >= $1',
      [event.seq],
    );
    expect(block.n).toBe(1);
  });

  it('gives every customer a proof that leads to the published root, and none to a customer with no activity', async () => {
    const roots: ProofRootsResponse = await app.get(QueryBus).execute(new ListProofRootsQuery());
    const nonces = new Set<string>();
    for (const userId of users.slice(0, FUNDED)) {
      const proof: BalanceProofResponse = await app.get(QueryBus).execute(new GetBalanceProofQuery(userId, null));
      const [account] = await sql.query<{ b: string }>(
        'select balance_cents::text as b from accounts where user_id = $1',
        [userId],
      );
      expect(proof.leaf).toMatchObject({ userId, balanceCents: account.b });
      expect(proof.root).toBe(roots.roots[0].root);
      expect(await checkBalanceProof(proof)).toMatchObject({ holds: true });
      // a path's sibling at the bottom is another customer's leaf: it shows a sum, never who
      for (const step of proof.path) expect(Object.keys(step).sort()).toEqual(['hash', 'side', 'sum']);
      nonces.add(proof.leaf.nonce);
    }
    expect(nonces.size).toBe(FUNDED);
    const leaves = await sql.query<{ user_id: string }>(
      'select user_id::text as user_id from proof_nodes where level = 0 order by commitment_id, idx',
    );
    expect(leaves.map((l) => Number(l.user_id))).toEqual(users.slice(0, FUNDED));
    const byDate: BalanceProofResponse = await app.get(QueryBus).execute(new GetBalanceProofQuery(users[0], DATE));
    expect(byDate.root).toBe(roots.roots[0].root);
    await expect(app.get(QueryBus).execute(new GetBalanceProofQuery(users[FUNDED], null))).rejects.toMatchObject({
      code: 'PROOF.NOT_IN_TREE',
    });
    await expect(app.get(QueryBus).execute(new GetBalanceProofQuery(users[0], '2027-05-11'))).rejects.toMatchObject({
      code: 'PROOF.NO_COMMITMENT',
    });
    await expect(app.get(QueryBus).execute(new GetBalanceProofQuery(users[0], '2027-02-30'))).rejects.toMatchObject({
      code: 'PROOF.INVALID_DATE',
    });
  });

  it('commits a consistent set while deposits land concurrently, and a past instant from the log', async () => {
    const bus = app.get(CommandBus);
    const before = new Date();
    const deposits = users
      .slice(0, 5)
      .flatMap((userId) =>
        [1, 2, 3].map((i) => bus.execute(new ConfirmDepositCommand(userId, `${i}.01`, null, system))),
      );
    const commitment: ProofCommitment = await bus.execute(new CommitProofCommand(system));
    await Promise.all(deposits);
    // what the commitment covers is exactly the log through its seq: verify recomputes it from there
    const [logTotal] = await sql.query<{ t: string }>(
      `select coalesce(-sum(amount_cents), 0)::text as t from ledger_postings
        where account like 'customer:%' and event_seq <= $1`,
      [commitment.throughSeq],
    );
    expect(String(commitment.total)).toBe(logTotal.t);

    const past: ProofCommitment = await bus.execute(new CommitProofCommand(system, before));
    const [pastTotal] = await sql.query<{ t: string }>(
      `select coalesce(-sum(p.amount_cents), 0)::text as t from ledger_postings p join ledger_events e on e.seq = p.event_seq
        where p.account like 'customer:%' and e.seq <= $1`,
      [past.throughSeq],
    );
    expect(String(past.total)).toBe(pastTotal.t);
    expect(past.at).toBe(before.toISOString());

    const report = await verifyLedger(sql);
    expect(report.checks.find((c) => c.name === 'proof-of-liabilities roots')).toMatchObject({ ok: true, checked: 3 });
    // the latest per date stands: today's date has two commitments, one of them listed
    const roots: ProofRootsResponse = await app.get(QueryBus).execute(new ListProofRootsQuery());
    expect(roots.roots.map((r) => r.date)).toEqual([...new Set(roots.roots.map((r) => r.date))]);
  });

  async function tampered<T>(
    statement: string,
    params: unknown[],
    undo: string,
    undoParams: unknown[],
    check: () => Promise<T>,
  ) {
    await sql.withConnection(async (c) => {
      await c.query('set session_replication_role = replica');
      try {
        await c.query(statement, params);
      } finally {
        await c.query('reset session_replication_role');
      }
    });
    try {
      return await check();
    } finally {
      await sql.withConnection(async (c) => {
        await c.query('set session_replication_role = replica');
        try {
          await c.query(undo, undoParams);
        } finally {
          await c.query('reset session_replication_role');
        }
      });
    }
  }

  it('fails verify when a stored root is altered, in the commitment or in the ledger', async () => {
    const [row] = await sql.query<{ id: number; root: string; event_seq: string }>(
      'select id, root, event_seq::text as event_seq from proof_commitments order by id limit 1',
    );
    const forged = `${row.root[0] === '0' ? '1' : '0'}${row.root.slice(1)}`;
    const stored = await tampered(
      'update proof_commitments set root = $2 where id = $1',
      [row.id, forged],
      'update proof_commitments set root = $2 where id = $1',
      [row.id, row.root],
      () => verifyLedger(sql),
    );
    expect(stored.ok).toBe(false);
    expect(stored.checks.find((c) => c.name === 'proof-of-liabilities roots')).toMatchObject({
      ok: false,
      firstBadSeq: Number(row.event_seq),
    });

    const inLedger = await tampered(
      `update ledger_events set payload = jsonb_set(payload, '{root}', to_jsonb($2::text)) where seq = $1`,
      [row.event_seq, forged],
      `update ledger_events set payload = jsonb_set(payload, '{root}', to_jsonb($2::text)) where seq = $1`,
      [row.event_seq, row.root],
      () => verifyLedger(sql),
    );
    expect(inLedger.checks.find((c) => c.name === 'hash chain per stream')).toMatchObject({ ok: false });
    expect(inLedger.checks.find((c) => c.name === 'proof-of-liabilities roots')).toMatchObject({ ok: false });

    // a balance changed behind the ledger's back: the root no longer equals the log's balances
    const [posting] = await sql.query<{ event_seq: string; line: number; amount_cents: string }>(
      `select event_seq::text as event_seq, line, amount_cents::text as amount_cents from ledger_postings
        where account like 'customer:%' order by event_seq limit 1`,
    );
    const moved = await tampered(
      'update ledger_postings set amount_cents = amount_cents - 1 where event_seq = $1 and line = $2',
      [posting.event_seq, posting.line],
      'update ledger_postings set amount_cents = $3 where event_seq = $1 and line = $2',
      [posting.event_seq, posting.line, posting.amount_cents],
      () => verifyLedger(sql),
    );
    expect(moved.checks.find((c) => c.name === 'proof-of-liabilities roots')).toMatchObject({ ok: false });

    expect((await verifyLedger(sql)).ok).toBe(true);
  });
});

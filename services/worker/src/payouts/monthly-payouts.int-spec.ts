import type { INestApplicationContext } from '@nestjs/common';
import type { WithdrawalResult } from '@savings/contracts';
import { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import {
  ApproveWithdrawalCommand,
  JobNames,
  PayoutRunService,
  RequestWithdrawalCommand,
  SQL,
  type CommandContext,
} from '@savings/application';
import type { Sql } from '@savings/database';
import type { PayoutFileIssuedData } from '@savings/domain';
import { rebuildReadModels, verifyLedger } from '@savings/ledger';
import { resetDatabase } from '@savings/testing';
import {
  adminContext,
  fundedUser,
  obliterateQueues,
  queuesOf,
  startApplication,
  startWorker,
  waitFor,
  workerTestConfig,
} from '../testing/worker-test-kit';

const PAYOUT_DATE = '2027-01-01';
/** The worker's jobs take this instant as now, so the 2027 payout is due (and a later one is not). */
const JOBS_NOW = '2027-01-01T09:30:00Z';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

const unescapeXml = (value: string): string =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function parsePain001(xml: string): { count: string; sum: string; transfers: Record<string, string>[] } {
  const field = (block: string, pattern: RegExp): string => unescapeXml(pattern.exec(block)?.[1] ?? '');
  const header = /<GrpHdr>([\s\S]*?)<\/GrpHdr>/.exec(xml)?.[1] ?? '';
  const transfers = [...xml.matchAll(/<CdtTrfTxInf>([\s\S]*?)<\/CdtTrfTxInf>/g)].map(([, block]) => ({
    endToEnd: field(block, /<EndToEndId>(.*?)<\/EndToEndId>/),
    amount: field(block, /<InstdAmt Ccy="USD">(.*?)<\/InstdAmt>/),
    name: field(block, /<Cdtr><Nm>(.*?)<\/Nm><\/Cdtr>/),
    iban: field(block, /<CdtrAcct><Id><IBAN>(.*?)<\/IBAN>/),
    bic: field(block, /<BIC>(.*?)<\/BIC>/),
    reference: field(block, /<Ustrd>(.*?)<\/Ustrd>/),
  }));
  return {
    count: field(header, /<NbOfTxs>(.*?)<\/NbOfTxs>/),
    sum: field(header, /<CtrlSum>(.*?)<\/CtrlSum>/),
    transfers,
  };
}

describe('monthly payouts through the queue', () => {
  let worker: INestApplicationContext;
  let queue: Queue;
  let sql: Sql;
  const approved: { id: number; userId: number; amount: string; name: string }[] = [];
  let pendingId: number;
  let metricsPort: number;

  beforeAll(async () => {
    await resetDatabase();
    metricsPort = await freePort();
    worker = await startWorker(workerTestConfig({ JOBS_CLOCK_AT: JOBS_NOW }), { metricsPort });
    await obliterateQueues(worker);
    queue = queuesOf(worker).payouts;
    sql = worker.get<Sql>(SQL);
    const commands = worker.get(CommandBus);
    const customers = [
      { name: `O'Brien & "Sons", <Ltd>`, amount: '1500.00' },
      { name: 'Anna Rossi', amount: '2000.55' },
      { name: 'Pending Person', amount: '1000.00' },
    ];
    for (const [index, customer] of customers.entries()) {
      const userId = await fundedUser(worker, '5000.00', customer.name);
      const requested = await commands.execute<RequestWithdrawalCommand, WithdrawalResult>(
        new RequestWithdrawalCommand(userId, customer.amount, {
          actor: { kind: 'user', id: userId },
          correlationId: 't',
        }),
      );
      if (index < 2) {
        await commands.execute(new ApproveWithdrawalCommand(requested.withdrawal.id, adminContext));
        approved.push({ id: requested.withdrawal.id, userId, amount: customer.amount, name: customer.name });
      } else {
        pendingId = requested.withdrawal.id;
      }
    }
  }, 60_000);

  afterAll(() => worker.close());

  async function storedFiles(fileId: number): Promise<{ csv: Buffer; xml: Buffer }> {
    const rows = await sql.query<{ format: 'csv' | 'xml'; content: Buffer }>(
      'select format, content from payout_file_documents where payout_file_id = $1',
      [fileId],
    );
    const byFormat = Object.fromEntries(rows.map((row) => [row.format, row.content]));
    return { csv: byFormat.csv, xml: byFormat.xml };
  }

  async function runJob(date: string): Promise<Job> {
    const job = await queue.add(JobNames.monthlyWithdrawals, { date });
    await waitFor(async () => ['completed', 'failed'].includes(await job.getState()), 'the payout job');
    const done = await queue.getJob(job.id as string);
    if (!done) throw new Error('payout job vanished');
    expect(done.failedReason).toBeUndefined();
    return done;
  }

  it('pays out only processed withdrawals and writes a CSV and pain.001 listing exactly them', async () => {
    const job = await runJob(PAYOUT_DATE);
    expect(job.progress).toBe(100);

    const statuses = await sql.query<{ id: string; status: string; completed_at: Date | string | null }>(
      'select id, status, completed_at from withdrawals order by id',
    );
    for (const row of statuses) {
      const isApproved = approved.some((w) => w.id === Number(row.id));
      expect(row.status).toBe(isApproved ? 'completed' : 'pending');
      expect(row.completed_at === null).toBe(!isApproved);
    }
    expect(statuses.find((row) => Number(row.id) === pendingId)?.status).toBe('pending');

    const files = await sql.query<{ id: string; withdrawal_count: number; total_cents: string; payout_date: string }>(
      'select id, withdrawal_count, total_cents, payout_date::text from payout_files',
    );
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatchObject({ withdrawal_count: 2, total_cents: '350055', payout_date: PAYOUT_DATE });
    // the files live in PostgreSQL, with the hashes their ledger event records
    const [issued] = await sql.query<{ stream_id: string; payload: PayoutFileIssuedData }>(
      "select stream_id, payload from ledger_events where type = 'PayoutFileIssued'",
    );
    expect(issued.stream_id).toBe(`payout-file-${file.id}`);
    expect(issued.payload).toMatchObject({ payoutFileId: Number(file.id), itemCount: 2, totalCents: '350055' });
    const stored = await storedFiles(Number(file.id));
    expect(sha256(stored.csv)).toBe(issued.payload.sha256.csv);
    expect(sha256(stored.xml)).toBe(issued.payload.sha256.xml);

    const csv = parseCsv(stored.csv.toString('utf8'));
    expect(csv[0]).toEqual(['beneficiary', 'iban', 'bic', 'amount', 'reference', 'end_to_end_id']);
    expect(csv.slice(1)).toEqual(
      approved.map((w) => [
        w.name,
        'GB82WEST12345698765432',
        'DEUTDEFF',
        w.amount,
        expect.stringContaining(`Withdrawal ${w.id} `),
        `WITHDRAWAL-${w.id}`,
      ]),
    );

    const xml = parsePain001(stored.xml.toString('utf8'));
    expect(xml.count).toBe('2');
    expect(xml.sum).toBe('3500.55');
    expect(xml.transfers).toEqual(
      approved.map((w) => ({
        endToEnd: `WITHDRAWAL-${w.id}`,
        amount: w.amount,
        name: w.name,
        iban: 'GB82WEST12345698765432',
        bic: 'DEUTDEFF',
        reference: expect.stringContaining(`Withdrawal ${w.id} `),
      })),
    );

    // the ledger moved each from payable to cash with one WithdrawalPaidOut event
    const paidOut = await sql.query<{ withdrawal_id: number; amount_cents: string }>(
      `select (payload->>'withdrawalId')::int as withdrawal_id, payload->>'amountCents' as amount_cents
         from ledger_events where type = 'WithdrawalPaidOut' order by seq`,
    );
    expect(paidOut).toEqual(
      approved.map((w) => ({ withdrawal_id: w.id, amount_cents: w.amount.replace('.', '').replace(/^0+/, '') })),
    );
  });

  it('a second run pays nothing twice and writes no new file', async () => {
    const job = await runJob(PAYOUT_DATE);
    expect(job.returnvalue).toMatchObject({ date: PAYOUT_DATE, paidOut: 0, files: [] });
    const [files] = await sql.query<{ n: number }>('select count(*)::int as n from payout_files');
    expect(files.n).toBe(1);
  });

  it('ledger verify re-derives the file from the events (also after a replay), and names a stored file changed by SQL', async () => {
    // replay rebuilds the read models, the payout file's stream head included; the stored files stay
    await rebuildReadModels(sql);
    const report = await verifyLedger(sql);
    const payoutCheck = report.checks.find((check) => check.name === 'payout files match the ledger');
    expect(payoutCheck).toMatchObject({ ok: true, checked: 1 });
    expect(report.ok).toBe(true);

    const [file] = await sql.query<{ id: string }>('select id from payout_files');
    // a tamperer with database rights: the append-only trigger is bypassed, as a superuser could
    await sql.withConnection(async (connection) => {
      await connection.query('begin');
      await connection.query('set local session_replication_role = replica');
      await connection.query(
        `update payout_file_documents set content = convert_to(replace(convert_from(content, 'UTF8'), 'DEUTDEFF', 'EVILDEFF'), 'UTF8')
          where payout_file_id = $1 and format = 'xml'`,
        [file.id],
      );
      await connection.query('commit');
    });
    const tampered = await verifyLedger(sql);
    expect(tampered.ok).toBe(false);
    const failed = tampered.checks.find((check) => check.name === 'payout files match the ledger');
    expect(failed?.ok).toBe(false);
    expect(failed?.detail).toContain(`payout-${PAYOUT_DATE}-${file.id}.xml (payout file ${file.id})`);
    expect(failed?.detail).toContain('do not match the hash in its ledger event');
    // every other check still holds: the failure is the file's alone
    expect(tampered.checks.filter((check) => !check.ok)).toHaveLength(1);
  });

  it('refuses to change a stored file through the normal path (append-only)', async () => {
    await expect(sql.query("update payout_file_documents set sha256 = repeat('0', 64)")).rejects.toThrow(/append-only/);
  });

  it('refuses forged payout jobs (after the due 1st, another day, odd fields) and changes nothing', async () => {
    // a payable withdrawal: any accepted payout job would pay it
    await worker.get(CommandBus).execute(new ApproveWithdrawalCommand(pendingId, adminContext));
    const state = async () =>
      sql.query<{ events: number; files: number; status: string }>(
        `select (select count(*)::int from ledger_events) as events, (select count(*)::int from payout_files) as files,
                (select status from withdrawals where id = $1) as status`,
        [pendingId],
      );
    const before = await state();
    expect(before[0].status).toBe('processed');
    const forged: [unknown, RegExp][] = [
      [
        { date: '2027-02-01' },
        /^This monthly-withdrawals job for 2027-02-01 is refused: the latest payout due is 2027-01-01\.$/,
      ],
      [{ date: '2026-12-24' }, /^This monthly-withdrawals job for 2026-12-24 is refused: payouts run on the 1st\.$/],
      [{ date: '2027-01-01', force: true }, /^This monthly-withdrawals job has a field it does not take\.$/],
      [{ date: '2027-1-1' }, /^The date of this monthly-withdrawals job is not a date \(YYYY-MM-DD\)\.$/],
    ];
    for (const [data, reason] of forged) {
      const job = await queue.add(JobNames.monthlyWithdrawals, data, { attempts: 3, stackTraceLimit: 10 });
      await waitFor(async () => (await job.getState()) === 'failed', 'the forged job to be refused');
      const refused = await queue.getJob(job.id as string);
      expect(refused?.failedReason).toMatch(reason);
      // refused once, not retried; no stack trace recorded, whatever the job's options asked
      expect(refused?.attemptsMade).toBe(1);
      expect(refused?.stacktrace).toEqual([]);
    }
    expect(await state()).toEqual(before);
  });

  it('two runs at once (two pools, as two workers) issue each file once, each withdrawal paid once', async () => {
    const other = await startApplication(workerTestConfig());
    try {
      const commands = worker.get(CommandBus);
      const ids: number[] = [];
      for (const amount of ['1100.00', '1200.00']) {
        const userId = await fundedUser(worker, '5000.00');
        const requested = await commands.execute<RequestWithdrawalCommand, WithdrawalResult>(
          new RequestWithdrawalCommand(userId, amount, { actor: { kind: 'user', id: userId }, correlationId: 't' }),
        );
        await commands.execute(new ApproveWithdrawalCommand(requested.withdrawal.id, adminContext));
        ids.push(requested.withdrawal.id);
      }
      const context: CommandContext = {
        actor: { kind: 'job', id: 'monthly-withdrawals' },
        correlationId: 'concurrent',
      };
      const runs = await Promise.all([
        worker.get(PayoutRunService).run(PAYOUT_DATE, context),
        other.get(PayoutRunService).run(PAYOUT_DATE, context),
      ]);
      // the forged-job test approved one more: three withdrawals, in one file issued by one of the runs
      const issuedFiles = runs.flatMap((run) => run.files);
      expect(issuedFiles).toHaveLength(1);
      expect(issuedFiles[0].withdrawalCount).toBe(3);
      const fileId = issuedFiles[0].id;
      const [counts] = await sql.query<{ events: number; documents: number; paid: number }>(
        `select (select count(*)::int from ledger_events where stream_id = $1) as events,
                (select count(*)::int from payout_file_documents where payout_file_id = $2) as documents,
                (select count(*)::int from ledger_events where type = 'WithdrawalPaidOut'
                   and (payload->>'withdrawalId')::bigint = any($3::bigint[])) as paid`,
        [`payout-file-${fileId}`, fileId, [...ids, pendingId]],
      );
      expect(counts).toEqual({ events: 1, documents: 2, paid: 3 });
    } finally {
      await other.close();
    }
  });

  it('exposes job counts and durations to Prometheus', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('savings_jobs_total{queue="payouts",job="monthly-withdrawals",outcome="completed"} 2');
    expect(body).toContain(
      'savings_job_duration_seconds_count{queue="payouts",job="monthly-withdrawals",outcome="completed"} 2',
    );
    expect(body).toContain('savings_withdrawals_paid_out_total 2');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });
});

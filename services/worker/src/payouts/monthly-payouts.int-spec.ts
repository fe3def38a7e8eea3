import type { INestApplicationContext } from '@nestjs/common';
import type { WithdrawalResult } from '@savings/contracts';
import { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bullmq';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { ApproveWithdrawalCommand, JobNames, RequestWithdrawalCommand, SQL } from '@savings/application';
import type { Sql } from '@savings/database';
import { resetDatabase } from '@savings/testing';
import {
  adminContext,
  fundedUser,
  obliterateQueues,
  queuesOf,
  startWorker,
  waitFor,
  workerTestConfig,
} from '../testing/worker-test-kit';

const PAYOUT_DATE = '2027-01-01';

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
    worker = await startWorker(workerTestConfig(), { metricsPort });
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

    const files = await sql.query<{
      id: string;
      withdrawal_count: number;
      total_cents: string;
      csv_path: string;
      xml_path: string;
      payout_date: string;
    }>('select id, withdrawal_count, total_cents, csv_path, xml_path, payout_date::text from payout_files');
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatchObject({ withdrawal_count: 2, total_cents: '350055', payout_date: PAYOUT_DATE });

    const csv = parseCsv(await readFile(file.csv_path, 'utf8'));
    expect(csv[0]).toEqual(['beneficiary', 'iban', 'bic', 'amount', 'reference']);
    expect(csv.slice(1)).toEqual(
      approved.map((w) => [
        w.name,
        'GB82WEST12345698765432',
        'DEUTDEFF',
        w.amount,
        expect.stringContaining(`Withdrawal ${w.id} `),
      ]),
    );

    const xml = parsePain001(await readFile(file.xml_path, 'utf8'));
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

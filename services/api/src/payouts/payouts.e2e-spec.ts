import { CommandBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { WithdrawalResult } from '@savings/contracts';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  ApproveWithdrawalCommand,
  PAYOUTS_QUEUE,
  PayoutRunService,
  RequestWithdrawalCommand,
  SQL,
} from '@savings/application';
import type { Sql } from '@savings/database';
import type { PayoutFileIssuedData } from '@savings/domain';
import { fundedCustomer, signedIn, testContext, type TestActor } from '../../test/back-office';
import { startTestApp, type TestApp } from '../../test/test-app';

const PAYOUT_DATE = '2099-01-01';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The exact bytes of a response, whatever its content type. */
function bytes(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('admin payout files (stored in PostgreSQL) and the read-only queue board', () => {
  let app: TestApp;
  let second: TestApp;
  let admin: TestActor;
  let customer: TestActor;
  let exportDir: string;
  let fileId: number;
  let withdrawalId: number;
  let issued: PayoutFileIssuedData;

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'payouts-e2e-'));
    app = await startTestApp({ PAYOUT_DIR: exportDir });
    admin = await signedIn(app, 'admin', 'Payout Admin');
    customer = await signedIn(app, 'customer', 'Payout Customer');
    // a payout as the monthly job makes it (the job itself is tested in services/worker)
    const commands = app.app.get(CommandBus);
    const userId = await fundedCustomer(app, 'Payee', '5000.00', admin.id);
    const requested = await commands.execute<RequestWithdrawalCommand, WithdrawalResult>(
      new RequestWithdrawalCommand(userId, '1000.50', testContext('user', userId)),
    );
    withdrawalId = requested.withdrawal.id;
    await commands.execute(new ApproveWithdrawalCommand(withdrawalId, testContext('admin', admin.id)));
    const run = await app.app.get(PayoutRunService).run(PAYOUT_DATE, testContext('admin', admin.id));
    fileId = run.files[0].id;
    [{ payload: issued }] = await app.app
      .get<Sql>(SQL)
      .query<{ payload: PayoutFileIssuedData }>("select payload from ledger_events where type = 'PayoutFileIssued'");
    // another API process on the same database, with no payout folder at all
    second = await startTestApp({}, { keepDatabase: true });
  }, 90_000);

  afterAll(async () => {
    await second?.close();
    await app?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('lists payout files for admins only', async () => {
    await request(app.server).get('/api/admin/payouts').expect(401, { message: 'Authentication required' });
    await customer.agent.get('/api/admin/payouts').expect(403, { message: 'Admin access required' });
    const res = await admin.agent.get('/api/admin/payouts').expect(200);
    expect(res.body.payoutFiles).toEqual([
      {
        id: fileId,
        payoutDate: PAYOUT_DATE,
        withdrawalCount: 1,
        total: 1000.5,
        totalCents: '100050',
        createdAt: expect.any(String),
        sha256: issued.sha256,
      },
    ]);
  });

  it('downloads exactly the stored bytes, with the hash of the ledger event as ETag', async () => {
    const stored = await app.app
      .get<Sql>(SQL)
      .query<{ format: 'csv' | 'xml'; content: Buffer }>(
        'select format, content from payout_file_documents where payout_file_id = $1',
        [fileId],
      );
    for (const format of ['csv', 'xml'] as const) {
      const res = await admin.agent.get(`/api/admin/payouts/${fileId}/${format}`).buffer(true).parse(bytes).expect(200);
      const body = res.body as Buffer;
      expect(body.equals(stored.find((row) => row.format === format)?.content as Buffer)).toBe(true);
      expect(sha256(body)).toBe(issued.sha256[format]);
      expect(res.headers.etag).toBe(`"sha256-${issued.sha256[format]}"`);
      expect(res.headers['content-type']).toMatch(format === 'csv' ? /^text\/csv/ : /^application\/xml/);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="payout-${PAYOUT_DATE}-${fileId}.${format}"`,
      );
      // a client holding that hash is told nothing changed
      await admin.agent
        .get(`/api/admin/payouts/${fileId}/${format}`)
        .set('If-None-Match', `"sha256-${issued.sha256[format]}"`)
        .expect(304);
    }
    const csv = (await admin.agent.get(`/api/admin/payouts/${fileId}/csv`).expect(200)).text;
    expect(csv.split('\r\n')[0]).toBe('beneficiary,iban,bic,amount,reference,end_to_end_id');
    expect(csv).toContain(`,1000.50,Withdrawal ${withdrawalId} `);
    expect(csv).toContain(`,WITHDRAWAL-${withdrawalId}\r\n`);
    await admin.agent.get('/api/admin/payouts/999999/csv').expect(404);
    await customer.agent.get(`/api/admin/payouts/${fileId}/xml`).expect(403);
  });

  it('PAYOUT_DIR only receives a copy: removed, the file is still served', async () => {
    const copy = await readFile(join(exportDir, `payout-${PAYOUT_DATE}-${fileId}.xml`));
    expect(sha256(copy)).toBe(issued.sha256.xml);
    await rm(exportDir, { recursive: true, force: true });
    const res = await admin.agent.get(`/api/admin/payouts/${fileId}/xml`).buffer(true).parse(bytes).expect(200);
    expect((res.body as Buffer).equals(copy)).toBe(true);
  });

  it('two API processes serve the same file, byte for byte', async () => {
    const elsewhere = await signedIn(second, 'admin', 'Second Admin');
    for (const format of ['csv', 'xml'] as const) {
      const [one, two] = await Promise.all([
        admin.agent.get(`/api/admin/payouts/${fileId}/${format}`).buffer(true).parse(bytes).expect(200),
        elsewhere.agent.get(`/api/admin/payouts/${fileId}/${format}`).buffer(true).parse(bytes).expect(200),
      ]);
      expect((two.body as Buffer).equals(one.body as Buffer)).toBe(true);
      expect(two.headers.etag).toBe(one.headers.etag);
    }
  });

  it('serves the queue board to admins only', async () => {
    await request(app.server).get('/api/admin/queues').expect(401);
    await customer.agent.get('/api/admin/queues/api/queues').expect(403);
    const page = await admin.agent.get('/api/admin/queues').expect(200);
    expect(page.text).toContain('<html');
    const queues = await admin.agent.get('/api/admin/queues/api/queues').expect(200);
    const shown = queues.body.queues as { name: string; readOnlyMode: boolean }[];
    expect(shown.map((queue) => queue.name).sort()).toEqual(['interest', 'payouts']);
    expect(shown.every((queue) => queue.readOnlyMode)).toBe(true);
  });

  it('the board refuses to add, retry, promote, clean, pause or remove jobs, and nothing changes', async () => {
    const payouts = app.app.get<Queue>(getQueueToken(PAYOUTS_QUEUE), { strict: false });
    const before = await payouts.getJobCounts();
    const actions: [string, string, object?][] = [
      [
        'post',
        '/api/admin/queues/api/queues/payouts/add',
        { name: 'monthly-withdrawals', data: { date: '2030-01-01' } },
      ],
      ['put', '/api/admin/queues/api/queues/payouts/retry/failed'],
      ['put', '/api/admin/queues/api/queues/payouts/promote'],
      ['put', '/api/admin/queues/api/queues/payouts/clean/completed'],
      ['put', '/api/admin/queues/api/queues/payouts/pause'],
      ['put', '/api/admin/queues/api/queues/pause'],
      ['put', '/api/admin/queues/api/queues/interest/1/retry/failed'],
      ['delete', '/api/admin/queues/api/queues/interest/1'],
      ['put', '/api/admin/queues/api/queues/interest/1/clean'],
    ];
    for (const [method, path, body] of actions) {
      const call = (admin.agent as unknown as Record<string, (url: string) => request.Test>)[method](path);
      const res = await (body ? call.send(body) : call);
      expect([path, res.status, res.body]).toEqual([path, 405, { message: 'The queue dashboard is read-only' }]);
    }
    expect(await payouts.getJobCounts()).toEqual(before);
    expect(await payouts.isPaused()).toBe(false);
  });
});

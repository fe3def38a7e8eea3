import type { INestApplicationContext } from '@nestjs/common';
import { verifyLogLines } from '@savings/ledger';
import type { AuditLogResponse, VerifyRun } from '@savings/contracts';
import { startWorker, waitFor, workerTestConfig } from '../../../worker/src/testing/worker-test-kit';
import { startTestApp, type TestApp } from '../../test/test-app';
import { fundedCustomer, signedIn, type TestActor } from '../../test/back-office';

// a verify run waits for a worker: slow on a loaded machine
jest.setTimeout(60_000);

/** The auditor console's calls, with a real worker running the verify jobs. */
describe('audit console API', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let auditor: TestActor;
  let customer: TestActor;
  let customerId: number;

  beforeAll(async () => {
    t = await startTestApp();
    worker = await startWorker(workerTestConfig());
    const admin = await signedIn(t, 'admin', 'Audit Admin');
    auditor = await signedIn(t, 'auditor', 'Audit Auditor');
    customer = await signedIn(t, 'customer', 'Audit Customer');
    customerId = await fundedCustomer(t, 'Audited Customer', '4321.09', admin.id);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('runs verify in the background with progress and each check’s result', async () => {
    const started = await auditor.agent.post('/api/audit/verify-runs').expect(202);
    const run = (started.body as { run: VerifyRun }).run;
    expect(run).toMatchObject({ requestedBy: 'Audit Auditor (auditor)', report: null });
    // the worker may have picked it up already
    expect(['queued', 'running']).toContain(run.status);
    const done = await waitFor(async () => {
      const response = await auditor.agent.get(`/api/audit/verify-runs/${run.id}`).expect(200);
      const current = (response.body as { run: VerifyRun }).run;
      return current.status === 'completed' || current.status === 'failed' ? current : null;
    }, 'the verify run');
    expect(done.status).toBe('completed');
    expect(done.report?.ok).toBe(true);
    expect(done.report?.checks.map((check) => check.name)).toEqual([
      'hash chain per stream',
      'postings match their events',
      'sealed blocks',
      'postings sum to zero',
      'balances equal their streams',
      'replay equals read models',
      'payout files match the ledger',
      'statement lines credited once',
      'proof-of-liabilities roots',
    ]);
    expect(done.progress?.eventsTotal).toBeGreaterThan(0);
    expect(done.progress?.eventsRead).toBe(done.progress?.eventsTotal);
    expect(done.startedAt).not.toBeNull();
    const list = await auditor.agent.get('/api/audit/verify-runs').expect(200);
    expect((list.body as { runs: VerifyRun[] }).runs[0].id).toBe(run.id);
    await auditor.agent.get('/api/audit/verify-runs/99999999').expect(404);
    await auditor.agent.get('/api/audit/verify-runs/abc').expect(404);
  });

  it('pages the log with hashes, previous hashes and blocks, and one account’s stream', async () => {
    const page = (await auditor.agent.get('/api/audit/log?limit=1').expect(200)).body as AuditLogResponse;
    expect(page.events).toHaveLength(1);
    expect(page.events[0]).toMatchObject({ seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(page.lastSeq).toBeGreaterThanOrEqual(page.events[0].seq);
    const own = (await auditor.agent.get(`/api/audit/log?userId=${customerId}`).expect(200)).body as AuditLogResponse;
    expect(own.events.map((e) => [e.streamId, e.version, e.type])).toEqual([
      [`account-${customerId}`, 1, 'DepositConfirmed'],
    ]);
    // sealed by the verify run above
    expect(own.events[0].block).toEqual(expect.any(Number));
    expect(own.events[0].prevHash).toBe('0'.repeat(64));
    await auditor.agent.get('/api/audit/log?limit=0').expect(400);
  });

  it('answers an account’s balance at any instant', async () => {
    const now = await auditor.agent.get(`/api/audit/balance?userId=${customerId}`).expect(200);
    expect(now.body).toEqual({ userId: customerId, asOf: null, balance: 4321.09, balanceCents: '432109' });
    const before = await auditor.agent.get(`/api/audit/balance?userId=${customerId}&asOf=2020-01-01`).expect(200);
    expect(before.body).toMatchObject({ balance: 0, asOf: '2020-01-01T00:00:00.000Z' });
    await auditor.agent.get(`/api/audit/balance?userId=${customerId}&asOf=yesterday`).expect(400);
    await auditor.agent.get('/api/audit/balance?userId=2147483000').expect(404);
  });

  it('exports the log as JSON Lines that the standalone verifier accepts', async () => {
    const response = await auditor.agent.get('/api/audit/log.jsonl').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="ledger-log-/);
    const report = await verifyLogLines(response.text.trimEnd().split('\n'));
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
  });

  it('is closed to customers and to the signed-out', async () => {
    for (const path of [
      '/api/audit/log',
      '/api/audit/log.jsonl',
      '/api/audit/verify-runs',
      `/api/audit/balance?userId=${customerId}`,
    ]) {
      expect((await customer.agent.get(path)).status).toBe(403);
    }
    expect((await customer.agent.post('/api/audit/verify-runs')).status).toBe(403);
  });
});

import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { CommitProofCommand, SQL } from '@savings/application';
import { checkBalanceProof, type BalanceProofResponse, type ProofRootsResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import { fundedCustomer, signedIn, TEST_PASSWORD, testContext, type TestAgent } from '../../test/back-office';

/** Proof of liabilities over HTTP: the roots are public, a proof is the signed-in customer's own. */
describe('proof API', () => {
  let t: TestApp;
  let owner: TestAgent;
  let ownerId: number;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await signedIn(t, 'admin', 'Proof Admin');
    adminId = admin.id;
    ownerId = await fundedCustomer(t, 'Proof Owner', '1234.56', admin.id);
    await fundedCustomer(t, 'Proof Neighbour', '99.00', admin.id);
    const [row] = await t.app
      .get<Sql>(SQL)
      .query<{ email: string }>('select email from users where id = $1', [ownerId]);
    owner = request.agent(t.server);
    await owner.post('/api/auth/login').send({ email: row.email, password: TEST_PASSWORD }).expect(200);
  }, 60_000);

  afterAll(() => t?.close());

  it('answers before any commitment: no roots, no proof', async () => {
    expect((await request(t.server).get('/api/proof/roots').expect(200)).body).toEqual({ roots: [] });
    await owner.get('/api/user/proof').expect(404);
  });

  it('publishes the root to anyone and gives the customer a proof that holds', async () => {
    await t.app.get(CommandBus).execute(new CommitProofCommand(testContext('admin', adminId)));
    const roots = (await request(t.server).get('/api/proof/roots').expect(200)).body as ProofRootsResponse;
    expect(roots.roots).toHaveLength(1);
    const response = await owner.get('/api/user/proof').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const proof = response.body as BalanceProofResponse;
    expect(proof.leaf).toMatchObject({ userId: ownerId, balanceCents: '123456' });
    expect(proof.root).toBe(roots.roots[0].root);
    expect(proof.total).toBe(roots.roots[0].total);
    expect(await checkBalanceProof(proof)).toMatchObject({ holds: true });
    await owner.get(`/api/user/proof?date=${proof.date}`).expect(200);
  });

  it('refuses strangers and malformed dates', async () => {
    await request(t.server).get('/api/user/proof').expect(401);
    for (const date of ['2026-1-01', 'yesterday', '2026-02-30']) {
      await owner.get(`/api/user/proof?date=${date}`).expect(400);
    }
    await owner.get('/api/user/proof?date=1999-01-01').expect(404);
  });
});

import { CommandBus } from '@nestjs/cqrs';
import type request from 'supertest';
import {
  ConfirmDepositCommand,
  EditDepositRequestCommand,
  ReplayLedgerCommand,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  SQL,
} from '@savings/application';
import { Messages, type ApprovalItem } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  backOfficeSnapshot,
  balanceCents,
  expectLedgerVerifies,
  fundedCustomer,
  saveBankingDetails,
  signedIn,
  testContext,
  type TestActor,
} from '../../test/back-office';

// real HTTP races need more than the default 5 s
jest.setTimeout(120_000);

/**
 * Staff controls (api-contract.md section 9) over HTTP against real PostgreSQL and Redis, with the
 * default FOUR_EYES_THRESHOLD (10,000 USD): separation of duties on every admin money route, four eyes
 * at and below the threshold, maker and checker, two approvers at once, void on edit and delete,
 * idempotent requests; the ledger verifies (replay rebuilds the approvals) after all of it.
 */
describe('staff controls: separation of duties and four eyes', () => {
  let app: TestApp;
  let sql: Sql;
  let commands: CommandBus;
  let maker: TestActor;
  let checker: TestActor;
  let third: TestActor;

  beforeAll(async () => {
    app = await startTestApp({ FOUR_EYES_THRESHOLD: '' });
    sql = app.app.get<Sql>(SQL);
    commands = app.app.get(CommandBus);
    maker = await signedIn(app, 'admin', 'Mara Maker');
    checker = await signedIn(app, 'admin', 'Carl Checker');
    third = await signedIn(app, 'admin', 'Tess Third');
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  async function expectRefusedUnchanged(
    call: () => Promise<request.Response>,
    status: number,
    message?: string,
  ): Promise<void> {
    const before = await backOfficeSnapshot(app);
    const response = await call();
    expect({ status: response.status, message: response.body.message }).toEqual({
      status,
      message: message ?? response.body.message,
    });
    expect(await backOfficeSnapshot(app)).toEqual(before);
  }

  async function depositRequestOf(userId: number, amount: string): Promise<number> {
    const result = await commands.execute<RequestDepositCommand, { depositRequest: { id: number } }>(
      new RequestDepositCommand(userId, amount, testContext('user', userId)),
    );
    return result.depositRequest.id;
  }

  async function withdrawalOf(userId: number, amount: string): Promise<number> {
    const result = await commands.execute<RequestWithdrawalCommand, { withdrawal: { id: number } }>(
      new RequestWithdrawalCommand(userId, amount, testContext('user', userId)),
    );
    return result.withdrawal.id;
  }

  /** A customer with banking details and an opening balance set up by the system (not an admin move). */
  async function funded(name: string, amount: string): Promise<number> {
    const userId = await fundedCustomer(app, name, '0.00', checker.id);
    if (amount !== '0.00') {
      await commands.execute(
        new ConfirmDepositCommand(userId, amount, 'opening balance', {
          actor: { kind: 'system', id: 'test-setup' },
          correlationId: 'approvals-test',
        }),
      );
    }
    return userId;
  }

  async function approvalStatus(id: number): Promise<string> {
    const [row] = await sql.query<{ status: string }>('select status from approvals where id = $1', [id]);
    return row.status;
  }

  async function requestCredit(userId: number, amount: string, by = maker): Promise<ApprovalItem> {
    const response = await by.agent
      .patch(`/api/admin/users/${userId}/balance`)
      .send({ amount, operation: 'add', note: 'large correction' })
      .expect(202);
    return response.body.approval as ApprovalItem;
  }

  describe('separation of duties', () => {
    it('refuses every admin money move on the acting admin’s own account with 403, changing nothing', async () => {
      // the maker holds money of their own, deposited by another admin, and has open requests
      await saveBankingDetails(app, maker.id);
      await commands.execute(new ConfirmDepositCommand(maker.id, '5000.00', null, testContext('admin', checker.id)));
      const ownRequest = await depositRequestOf(maker.id, '1000.00');
      const ownWithdrawal = await withdrawalOf(maker.id, '1000.00');
      const own = Messages.ownAccount;
      await expectRefusedUnchanged(
        () => maker.agent.patch(`/api/admin/users/${maker.id}/balance`).send({ amount: '10.00', operation: 'add' }),
        403,
        own,
      );
      await expectRefusedUnchanged(
        () =>
          maker.agent.patch(`/api/admin/users/${maker.id}/balance`).send({ amount: '10.00', operation: 'subtract' }),
        403,
        own,
      );
      await expectRefusedUnchanged(
        () => maker.agent.post('/api/admin/deposits/confirm').send({ userId: maker.id, amount: '10.00' }),
        403,
        own,
      );
      await expectRefusedUnchanged(
        () => maker.agent.patch(`/api/admin/deposit-requests/${ownRequest}/confirm`).send({}),
        403,
        own,
      );
      await expectRefusedUnchanged(
        () => maker.agent.patch(`/api/admin/withdrawals/${ownWithdrawal}/approve`),
        403,
        own,
      );
      // above the threshold too: refused before any approval is asked for
      await expectRefusedUnchanged(
        () => maker.agent.patch(`/api/admin/users/${maker.id}/balance`).send({ amount: '50000.00', operation: 'add' }),
        403,
        own,
      );
      // approving a move on one's own account, asked for by another admin
      const onMaker = await requestCredit(maker.id, '20000.00', checker);
      await expectRefusedUnchanged(() => maker.agent.post(`/api/admin/approvals/${onMaker.id}/approve`), 403, own);
      // the same moves by another admin are fine
      await checker.agent.patch(`/api/admin/withdrawals/${ownWithdrawal}/approve`).expect(200);
    });
  });

  describe('four eyes', () => {
    it('moves just below the threshold at once, and keeps a move at the threshold pending (202)', async () => {
      const userId = await funded('Bea Below', '0.00');
      await maker.agent
        .patch(`/api/admin/users/${userId}/balance`)
        .send({ amount: '9999.99', operation: 'add' })
        .expect(200);
      expect(await balanceCents(app, userId)).toBe(999_999n);

      const approval = await requestCredit(userId, '10000.00');
      expect(approval).toMatchObject({
        kind: 'balance_add',
        status: 'pending',
        amount: 10000,
        userId,
        userName: 'Bea Below',
        requestedBy: maker.id,
        requestedByName: 'Mara Maker',
        note: 'large correction',
      });
      expect(await balanceCents(app, userId)).toBe(999_999n);
      const [notification] = await sql.query<{ type: string; related_id: string }>(
        `select type, related_id::text as related_id from admin_notifications where type = 'approval_request'
          and related_id = $1`,
        [approval.id],
      );
      expect(notification).toEqual({ type: 'approval_request', related_id: String(approval.id) });

      // the direct deposit, a deposit request's confirmation and a withdrawal's approval ask too
      const deposit = await maker.agent
        .post('/api/admin/deposits/confirm')
        .send({ userId, amount: '12000.00', note: 'wire' })
        .expect(202);
      expect(deposit.body.approval).toMatchObject({ kind: 'deposit', amount: 12000, status: 'pending' });
      const requestId = await depositRequestOf(userId, '15000.00');
      const confirm = await maker.agent.patch(`/api/admin/deposit-requests/${requestId}/confirm`).send({}).expect(202);
      expect(confirm.body.approval).toMatchObject({ kind: 'deposit_request', depositRequestId: requestId });
      expect(await balanceCents(app, userId)).toBe(999_999n);
    });

    it('lets only another admin approve: the move and the grant are one transaction naming maker and checker', async () => {
      const userId = await funded('Gus Granted', '0.00');
      const approval = await requestCredit(userId, '25000.00');
      await expectRefusedUnchanged(
        () => maker.agent.post(`/api/admin/approvals/${approval.id}/approve`),
        403,
        Messages.secondAdminRequired,
      );
      const granted = await checker.agent.post(`/api/admin/approvals/${approval.id}/approve`).expect(200);
      expect(granted.body.approval).toMatchObject({
        status: 'approved',
        decidedBy: checker.id,
        decidedByName: 'Carl Checker',
      });
      expect(await balanceCents(app, userId)).toBe(2_500_000n);
      const events = await sql.query<{ stream_id: string; type: string; metadata: Record<string, unknown> }>(
        `select stream_id, type, metadata from ledger_events
          where stream_id in ($1, $2) and type in ('BalanceAdjusted', 'ApprovalGranted') order by seq`,
        [`account-${userId}`, `approval-${approval.id}`],
      );
      expect(events.map((e) => [e.type, e.metadata.makerId, e.metadata.checkerId])).toEqual([
        ['BalanceAdjusted', maker.id, checker.id],
        ['ApprovalGranted', maker.id, checker.id],
      ]);
      // decided: a second approval or a rejection is 409
      await expectRefusedUnchanged(() => third.agent.post(`/api/admin/approvals/${approval.id}/approve`), 409);
      await expectRefusedUnchanged(
        () => third.agent.post(`/api/admin/approvals/${approval.id}/reject`).send({ reason: 'late' }),
        409,
      );
    });

    it('moves the money once when two admins approve at the same moment', async () => {
      const userId = await funded('Cory Concurrent', '0.00');
      for (let round = 0; round < 3; round += 1) {
        const approval = await requestCredit(userId, '30000.00');
        const responses = await Promise.all([
          checker.agent.post(`/api/admin/approvals/${approval.id}/approve`),
          third.agent.post(`/api/admin/approvals/${approval.id}/approve`),
        ]);
        expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      }
      expect(await balanceCents(app, userId)).toBe(9_000_000n);
      const [moves] = await sql.query<{ n: string }>(
        `select count(*)::text as n from ledger_events where stream_id = $1 and type = 'BalanceAdjusted'`,
        [`account-${userId}`],
      );
      expect(moves.n).toBe('3');
    });

    it('rejects with a reason, moving nothing', async () => {
      const userId = await funded('Rhea Rejected', '0.00');
      const approval = await requestCredit(userId, '40000.00');
      await checker.agent.post(`/api/admin/approvals/${approval.id}/reject`).send({ reason: '' }).expect(400);
      const rejected = await checker.agent
        .post(`/api/admin/approvals/${approval.id}/reject`)
        .send({ reason: 'No matching transfer' })
        .expect(200);
      expect(rejected.body.approval).toMatchObject({ status: 'rejected', reason: 'No matching transfer' });
      expect(await balanceCents(app, userId)).toBe(0n);
      const list = await third.agent.get('/api/admin/approvals?status=rejected').expect(200);
      expect(list.body.fourEyesThreshold).toBe(10000);
      expect((list.body.approvals as ApprovalItem[]).map((a) => a.id)).toContain(approval.id);
    });

    it('voids the approval of a deposit request that is edited, and of a withdrawal that is deleted', async () => {
      const userId = await funded('Vic Void', '60000.00');
      const requestId = await depositRequestOf(userId, '20000.00');
      const confirm = await maker.agent.patch(`/api/admin/deposit-requests/${requestId}/confirm`).send({}).expect(202);
      await commands.execute(new EditDepositRequestCommand(requestId, '21000.00', testContext('user', userId)));
      expect(await approvalStatus(confirm.body.approval.id)).toBe('void');
      await expectRefusedUnchanged(
        () => checker.agent.post(`/api/admin/approvals/${confirm.body.approval.id}/approve`),
        409,
      );

      const withdrawalId = await withdrawalOf(userId, '50000.00');
      const approve = await maker.agent.patch(`/api/admin/withdrawals/${withdrawalId}/approve`).expect(202);
      // waiting for its approval, the withdrawal stays pending with its funds on hold
      const [held] = await sql.query<{ status: string; held_cents: string }>(
        `select w.status, a.held_cents::text as held_cents from withdrawals w join accounts a on a.user_id = w.user_id
          where w.id = $1`,
        [withdrawalId],
      );
      expect(held).toEqual({ status: 'pending', held_cents: '5000000' });
      await checker.agent.delete(`/api/admin/withdrawals/${withdrawalId}`).expect(200);
      expect(await approvalStatus(approve.body.approval.id)).toBe('void');
      await expectRefusedUnchanged(
        () => checker.agent.post(`/api/admin/approvals/${approve.body.approval.id}/approve`),
        409,
      );
      expect(await balanceCents(app, userId)).toBe(6_000_000n);
    });

    it('approves a withdrawal through its approval, voiding a second approval of the same withdrawal', async () => {
      const userId = await funded('Wes Withdraw', '80000.00');
      const withdrawalId = await withdrawalOf(userId, '30000.00');
      const first = await maker.agent.patch(`/api/admin/withdrawals/${withdrawalId}/approve`).expect(202);
      const second = await third.agent.patch(`/api/admin/withdrawals/${withdrawalId}/approve`).expect(202);
      await checker.agent.post(`/api/admin/approvals/${first.body.approval.id}/approve`).expect(200);
      expect(await balanceCents(app, userId)).toBe(5_000_000n);
      expect(await approvalStatus(second.body.approval.id)).toBe('void');
    });

    it('answers an Idempotency-Key repeat with the same approval and asks only once', async () => {
      const userId = await funded('Ida Idem', '0.00');
      const send = () =>
        maker.agent
          .patch(`/api/admin/users/${userId}/balance`)
          .set('Idempotency-Key', `approval-${userId}`)
          .send({ amount: '11000.00', operation: 'add' });
      const [a, b] = await Promise.all([send(), send()]);
      const c = await send();
      expect([a.status, b.status, c.status]).toEqual([202, 202, 202]);
      expect(b.body).toEqual(a.body);
      expect(c.body).toEqual(a.body);
      const [count] = await sql.query<{ n: string }>('select count(*)::text as n from approvals where user_id = $1', [
        userId,
      ]);
      expect(count.n).toBe('1');
    });

    it('checks the balance ceiling again when approving (409), and lets the maker withdraw a request', async () => {
      const userId = await funded('Cel Ceiling', '999999990000.00');
      const approval = await requestCredit(userId, '10000.00');
      // another credit fills the account to its ceiling before the approval
      await commands.execute(
        new ConfirmDepositCommand(userId, '0.01', null, { actor: { kind: 'system', id: 'test' }, correlationId: 'c' }),
      );
      await expectRefusedUnchanged(
        () => checker.agent.post(`/api/admin/approvals/${approval.id}/approve`),
        409,
        Messages.balanceCeiling,
      );
      // asked above the ceiling: refused when asked (400), no approval
      await expectRefusedUnchanged(
        () => maker.agent.patch(`/api/admin/users/${userId}/balance`).send({ amount: '20000.00', operation: 'add' }),
        400,
        Messages.balanceCeiling,
      );
      const withdrawn = await maker.agent
        .post(`/api/admin/approvals/${approval.id}/reject`)
        .send({ reason: 'Asked by mistake' })
        .expect(200);
      expect(withdrawn.body.approval).toMatchObject({ status: 'rejected', decidedBy: maker.id });
    });

    it('shows approvals to auditors read-only', async () => {
      const auditor = await signedIn(app, 'auditor', 'Aude Auditor');
      const list = await auditor.agent.get('/api/admin/approvals?status=pending').expect(200);
      expect((list.body.approvals as ApprovalItem[]).every((a) => a.status === 'pending')).toBe(true);
      const [pending] = list.body.approvals as ApprovalItem[];
      await auditor.agent.post(`/api/admin/approvals/${pending.id}/approve`).expect(403);
    });

    it('rebuilds every approval from the log on replay', async () => {
      const table = () =>
        sql.query<Record<string, string | null>>(
          `select id::text, kind, status, user_id::text, amount_cents::text, deposit_request_id::text, withdrawal_id::text,
                  note, requested_by::text, requested_at::text, decided_by::text, decided_at::text, reason
             from approvals order by id`,
        );
      const before = await table();
      expect(new Set(before.map((row) => row.status))).toEqual(new Set(['pending', 'approved', 'rejected', 'void']));
      await commands.execute(new ReplayLedgerCommand());
      expect(await table()).toEqual(before);
    });
  });
});

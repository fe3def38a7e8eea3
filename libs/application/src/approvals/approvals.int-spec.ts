import type { ApprovalPendingResult, VerifyReport } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import {
  AdjustBalanceCommand,
  ApproveWithdrawalCommand,
  CancelWithdrawalCommand,
  ConfirmDepositCommand,
  RequestWithdrawalCommand,
  type CommandContext,
} from '../money/money.commands';
import { VerifyLedgerQuery } from '../money/money.queries';
import { startMoneyContext, userContext, type MoneyTestContext } from '../money/money-test-context';
import { GrantApprovalCommand } from './approvals.commands';
import { ApprovalsModule } from './approvals.module';

jest.setTimeout(120_000);

/**
 * Four eyes across processes: two ledgers (two group commits, two pools) on one database, each
 * deciding the same approval at the same moment. Exactly one grant moves the money; a grant racing a
 * delete of its withdrawal ends with exactly one of them; the ledger verifies.
 */
let a: MoneyTestContext;
let b: MoneyTestContext;
const FOUR_EYES = { FOUR_EYES_THRESHOLD: '10000' };
const system: CommandContext = { actor: { kind: 'system', id: 'test' }, correlationId: 'four-eyes' };
const admin = (id: number): CommandContext => ({ actor: { kind: 'admin', id }, correlationId: `admin-${id}` });

beforeAll(async () => {
  a = await startMoneyContext({ env: FOUR_EYES, modules: [ApprovalsModule] });
  b = await startMoneyContext({ keepDatabase: true, env: FOUR_EYES, modules: [ApprovalsModule] });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function balanceOf(userId: number): Promise<bigint> {
  const [row] = await a.sql.query<{ cents: string }>(
    'select balance_cents::text as cents from accounts where user_id = $1',
    [userId],
  );
  return BigInt(row.cents);
}

const conflictCode = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' && result.reason instanceof DomainError ? result.reason.code : null;

describe('four eyes across two processes', () => {
  it('moves the money once when two processes grant one approval at once, beside other moves on the account', async () => {
    const [maker, checkerA, checkerB] = [await a.createUser(), await a.createUser(), await a.createUser()];
    const customer = await a.createUser();
    for (let round = 0; round < 8; round += 1) {
      const asked = (await a.commands.execute(
        new AdjustBalanceCommand(customer, '20000.00', 'add', null, admin(maker)),
      )) as ApprovalPendingResult;
      expect(asked.approval.status).toBe('pending');
      const results = await Promise.allSettled([
        a.commands.execute(new GrantApprovalCommand(asked.approval.id, admin(checkerA))),
        b.commands.execute(new GrantApprovalCommand(asked.approval.id, admin(checkerB))),
        // another move on the same account in the same moment (its own group, either process)
        b.commands.execute(new ConfirmDepositCommand(customer, '1.00', null, system)),
      ]);
      const grants = results.slice(0, 2);
      expect(grants.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(grants.map(conflictCode).filter(Boolean)).toEqual(['APPROVAL.NOT_PENDING']);
      expect(results[2].status).toBe('fulfilled');
    }
    expect(await balanceOf(customer)).toBe(8n * 2_000_000n + 8n * 100n);
    const [moves] = await a.sql.query<{ n: number }>(
      `select count(*)::int as n from ledger_events
        where stream_id = $1 and type = 'BalanceAdjusted' and (metadata->>'makerId')::int8 = $2`,
      [`account-${customer}`, maker],
    );
    expect(moves.n).toBe(8);
  });

  it('ends a grant racing the delete of its withdrawal with exactly one of them', async () => {
    const [maker, checker, deleter] = [await a.createUser(), await a.createUser(), await a.createUser()];
    const customer = await a.createUser();
    await a.commands.execute(new ConfirmDepositCommand(customer, '500000.00', null, system));
    for (let round = 0; round < 6; round += 1) {
      const requested = await a.commands.execute<RequestWithdrawalCommand, { withdrawal: { id: number } }>(
        new RequestWithdrawalCommand(customer, '30000.00', userContext(customer)),
      );
      const withdrawalId = requested.withdrawal.id;
      const asked = (await a.commands.execute(
        new ApproveWithdrawalCommand(withdrawalId, admin(maker)),
      )) as ApprovalPendingResult;
      const [grant, cancel] = await Promise.allSettled([
        a.commands.execute(new GrantApprovalCommand(asked.approval.id, admin(checker))),
        b.commands.execute(new CancelWithdrawalCommand(withdrawalId, admin(deleter))),
      ]);
      expect([grant.status, cancel.status].sort()).toEqual(['fulfilled', 'rejected']);
      const [row] = await a.sql.query<{ withdrawal: string; approval: string }>(
        `select w.status as withdrawal, p.status as approval from withdrawals w join approvals p on p.withdrawal_id = w.id
          where w.id = $1`,
        [withdrawalId],
      );
      expect(row).toEqual(
        grant.status === 'fulfilled'
          ? { withdrawal: 'processed', approval: 'approved' }
          : { withdrawal: 'cancelled', approval: 'void' },
      );
    }
    const report = await a.queries.execute<VerifyLedgerQuery, VerifyReport>(new VerifyLedgerQuery());
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
  });
});

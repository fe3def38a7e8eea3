import {
  DomainError,
  initialAccountState,
  type AccountEvent,
  type ApprovalCommand,
  type ApprovalState,
} from '@savings/domain';
import type { EventMetadata } from '@savings/ledger';
import type { AccountCommandSpec, FourEyesClaim, LoadedAccount, MoneyMove, TargetedRequest } from './account-ledger';
import { planCommand } from './staff-controls';

/**
 * Staff controls around a money command, given a loaded account, when a command is planned, then
 * what is appended: separation of duties, the approval's decision, four eyes, and the approvals a
 * command voids by touching their request.
 */

const CUSTOMER = 42;
const holder = {
  id: CUSTOMER,
  name: 'Ann',
  email: 'ann@example.test',
  language: 'en',
  referenceCode: '22222222',
  beneficiaryName: null,
  iban: null,
  swift: null,
  bankingDetailsChangedAt: null,
};
const request = (id: number): TargetedRequest => ({
  id,
  userId: CUSTOMER,
  amountCents: 300000n,
  status: 'pending',
  requestedAt: new Date('2030-01-01T08:00:00Z'),
  processedAt: null,
  completedAt: null,
});
const pendingApproval: ApprovalState = {
  id: 9,
  version: 1,
  status: 'pending',
  kind: 'balance_add',
  userId: CUSTOMER,
  amountCents: 5_000_000n,
  depositRequestId: null,
  withdrawalId: null,
  note: 'bonus',
  makerId: 7,
};

function account(overrides: Partial<LoadedAccount> = {}): LoadedAccount {
  return { holder, state: initialAccountState, request: null, lastHash: null, approval: null, ...overrides };
}

const asAdmin = (id: number | string): EventMetadata => ({
  actor: { kind: 'admin', id },
  correlationId: 'corr',
  causationId: null,
  idempotencyKey: null,
});

const adjusted: AccountEvent = {
  type: 'BalanceAdjusted',
  data: {
    operation: 'add',
    amountCents: '5000000',
    adminId: 8,
    note: 'bonus',
    balanceBeforeCents: '0',
    balanceAfterCents: '5000000',
  },
};

const move = (overrides: Partial<MoneyMove> = {}): MoneyMove => ({
  kind: 'balance_add',
  userId: CUSTOMER,
  amountCents: 5_000_000n,
  depositRequestId: null,
  withdrawalId: null,
  note: 'bonus',
  ...overrides,
});

function command(
  events: AccountEvent[],
  options: { move?: MoneyMove; approvalCommand?: ApprovalCommand } = {},
): AccountCommandSpec<unknown> {
  return {
    name: 'test',
    context: {} as AccountCommandSpec<unknown>['context'],
    fingerprint: null,
    target: { userId: CUSTOMER },
    ...(options.move ? { move: () => options.move! } : {}),
    ...(options.approvalCommand ? { approvalCommand: options.approvalCommand } : {}),
    decide: () => events,
    respond: () => null,
  };
}

const fourEyes = (threshold: bigint): FourEyesClaim => ({ threshold, makerId: 8, approvalId: 31, makerName: 'Max' });

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('separation of duties', () => {
  it('refuses an admin money move on the admin own account (403), whatever type the id arrives as', () => {
    for (const id of [CUSTOMER, String(CUSTOMER)]) {
      const error = refusal(() => planCommand(command([adjusted], { move: move() }), account(), asAdmin(id), null));
      expect({ code: error.code, kind: error.kind }).toEqual({ code: 'STAFF.OWN_ACCOUNT', kind: 'forbidden' });
    }
  });

  it('lets another admin move the money, and the system move anyone money', () => {
    expect(planCommand(command([adjusted], { move: move() }), account(), asAdmin(8), null).events).toEqual([adjusted]);
    const system: EventMetadata = { ...asAdmin(CUSTOMER), actor: { kind: 'system', id: CUSTOMER } };
    expect(planCommand(command([adjusted], { move: move() }), account(), system, null).events).toEqual([adjusted]);
  });

  it('does not apply to a command that moves no money (an admin cancelling their own request)', () => {
    const cancelled: AccountEvent = { type: 'WithdrawalCancelled', data: { withdrawalId: 5, amountCents: '300000' } };
    expect(planCommand(command([cancelled]), account(), asAdmin(CUSTOMER), null).events).toEqual([cancelled]);
  });
});

describe('a decision on an approval', () => {
  const grant: ApprovalCommand = { type: 'GrantApproval', data: { checkerId: 8 } };

  it('is refused (404) when the approval was not found', () => {
    const error = refusal(() =>
      planCommand(command([adjusted], { approvalCommand: grant }), account(), asAdmin(8), null),
    );
    expect({ code: error.code, kind: error.kind, message: error.message }).toEqual({
      code: 'APPROVAL.NOT_FOUND',
      kind: 'not_found',
      message: 'Approval not found',
    });
  });

  it('a grant runs the move (executed, not a new move: no four eyes), its metadata naming maker and checker', () => {
    const plan = planCommand(
      command([adjusted], { approvalCommand: grant, move: move() }),
      account({ approval: pendingApproval }),
      asAdmin(8),
      null,
    );
    expect(plan).toEqual({
      events: [adjusted],
      approvalEvents: [{ type: 'ApprovalGranted', data: { approvalId: 9, makerId: 7, checkerId: 8 } }],
      metadata: { ...asAdmin(8), makerId: 7, checkerId: 8 },
      becamePending: false,
      voidReason: null,
    });
  });

  it('a rejection moves nothing and names no maker or checker in the metadata', () => {
    const reject: ApprovalCommand = { type: 'RejectApproval', data: { checkerId: 8, reason: 'no' } };
    const plan = planCommand(
      command([], { approvalCommand: reject }),
      account({ approval: pendingApproval }),
      asAdmin(8),
      null,
    );
    expect(plan).toEqual({
      events: [],
      approvalEvents: [{ type: 'ApprovalRejected', data: { approvalId: 9, makerId: 7, checkerId: 8, reason: 'no' } }],
      metadata: asAdmin(8),
      becamePending: false,
      voidReason: null,
    });
  });

  it('the approval decider refuses the maker granting their own request', () => {
    const error = refusal(() =>
      planCommand(
        command([adjusted], { approvalCommand: { type: 'GrantApproval', data: { checkerId: 7 } } }),
        account({ approval: pendingApproval }),
        asAdmin(7),
        null,
      ),
    );
    expect(error.code).toBe('APPROVAL.SAME_ADMIN');
  });
});

describe('four eyes', () => {
  it('keeps a move at exactly the threshold as a pending approval and appends nothing of the account', () => {
    const plan = planCommand(
      command([adjusted], { move: move({ amountCents: 1_000_000n }) }),
      account(),
      asAdmin(8),
      fourEyes(1_000_000n),
    );
    expect(plan).toEqual({
      events: [],
      approvalEvents: [
        {
          type: 'ApprovalRequested',
          data: {
            approvalId: 31,
            kind: 'balance_add',
            userId: CUSTOMER,
            amountCents: '1000000',
            depositRequestId: null,
            withdrawalId: null,
            note: 'bonus',
            makerId: 8,
          },
        },
      ],
      metadata: { ...asAdmin(8), makerId: 8 },
      becamePending: true,
      voidReason: null,
    });
  });

  it('carries the request and the statement line the move names into the approval', () => {
    const plan = planCommand(
      command([], {
        move: move({ kind: 'deposit_request', depositRequestId: 5, withdrawalId: 6, statementLineId: 77 }),
      }),
      account(),
      asAdmin(8),
      fourEyes(1n),
    );
    expect(plan.approvalEvents[0].data).toMatchObject({
      kind: 'deposit_request',
      depositRequestId: 5,
      withdrawalId: 6,
      statementLineId: 77,
    });
  });

  it('makes a move one cent below the threshold at once, and any move when four eyes is off', () => {
    const below = planCommand(
      command([adjusted], { move: move({ amountCents: 999_999n }) }),
      account(),
      asAdmin(8),
      fourEyes(1_000_000n),
    );
    expect(below).toMatchObject({ events: [adjusted], approvalEvents: [], becamePending: false });
    const off = planCommand(command([adjusted], { move: move() }), account(), asAdmin(8), null);
    expect(off).toEqual({
      events: [adjusted],
      approvalEvents: [],
      metadata: asAdmin(8),
      becamePending: false,
      voidReason: null,
    });
  });

  it('lets the account refuse first: a move it would refuse never becomes an approval', () => {
    const spec = command([], { move: move() });
    spec.decide = () => {
      throw new DomainError('LEDGER.INSUFFICIENT_FUNDS', 'invalid', 'no');
    };
    expect(refusal(() => planCommand(spec, account(), asAdmin(8), fourEyes(1n))).code).toBe(
      'LEDGER.INSUFFICIENT_FUNDS',
    );
  });
});

describe('approvals voided by a command on their request', () => {
  const voidOf = (event: AccountEvent, targeted: TargetedRequest | null = request(5)) =>
    planCommand(command([event]), account({ request: targeted }), asAdmin(8), null).voidReason;
  const confirmed = (depositRequestId: number | null): AccountEvent => ({
    type: 'DepositConfirmed',
    data: {
      depositRequestId,
      amountCents: '300000',
      note: null,
      adminId: 8,
      referenceCode: '22222222',
      balanceBeforeCents: '0',
      balanceAfterCents: '300000',
    },
  });
  const approved = (withdrawalId: number): AccountEvent => ({
    type: 'WithdrawalApproved',
    data: { withdrawalId, amountCents: '300000', adminId: 8, balanceBeforeCents: '0', balanceAfterCents: '0' },
  });

  it('an edit voids them as edited', () => {
    expect(
      voidOf({ type: 'DepositRequestAmountChanged', data: { depositRequestId: 5, fromCents: '1', toCents: '2' } }),
    ).toBe('edited');
    expect(voidOf({ type: 'WithdrawalAmountChanged', data: { withdrawalId: 5, fromCents: '1', toCents: '2' } })).toBe(
      'edited',
    );
  });

  it('a cancellation voids them as deleted', () => {
    expect(voidOf({ type: 'DepositRequestCancelled', data: { depositRequestId: 5, amountCents: '1' } })).toBe(
      'deleted',
    );
    expect(voidOf({ type: 'WithdrawalCancelled', data: { withdrawalId: 5, amountCents: '1' } })).toBe('deleted');
  });

  it('a decision without them voids them as decided', () => {
    expect(voidOf(confirmed(5))).toBe('decided');
    expect(voidOf(approved(5))).toBe('decided');
    expect(
      voidOf({ type: 'WithdrawalPaidOut', data: { withdrawalId: 5, amountCents: '1', payoutDate: '2030-02-01' } }),
    ).toBe('decided');
  });

  it('events of another request, or of none, void nothing; nor does a command without a targeted request', () => {
    expect(
      voidOf({ type: 'DepositRequestAmountChanged', data: { depositRequestId: 6, fromCents: '1', toCents: '2' } }),
    ).toBeNull();
    expect(
      voidOf({ type: 'WithdrawalAmountChanged', data: { withdrawalId: 6, fromCents: '1', toCents: '2' } }),
    ).toBeNull();
    expect(voidOf({ type: 'DepositRequestCancelled', data: { depositRequestId: 6, amountCents: '1' } })).toBeNull();
    expect(voidOf({ type: 'WithdrawalCancelled', data: { withdrawalId: 6, amountCents: '1' } })).toBeNull();
    expect(voidOf(confirmed(6))).toBeNull();
    expect(voidOf(confirmed(null))).toBeNull();
    expect(voidOf(approved(6))).toBeNull();
    expect(
      voidOf({ type: 'WithdrawalPaidOut', data: { withdrawalId: 6, amountCents: '1', payoutDate: '2030-02-01' } }),
    ).toBeNull();
    expect(voidOf(adjusted)).toBeNull();
    expect(voidOf(approved(5), null)).toBeNull();
  });

  it('reads past events of other requests to the one that touches it', () => {
    const plan = planCommand(
      command([approved(6), { type: 'WithdrawalCancelled', data: { withdrawalId: 5, amountCents: '1' } }]),
      account({ request: request(5) }),
      asAdmin(8),
      null,
    );
    expect(plan.voidReason).toBe('deleted');
  });
});

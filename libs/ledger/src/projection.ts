import {
  DAILY_RATE_DECIMAL,
  WithdrawalReturnMessages,
  type AccountState,
  type ApprovalKind,
  type LedgerEvent,
  type WithdrawalReturnReason,
} from '@savings/domain';

/**
 * The one projection: pure functions from events to rows of the read models. The live append path
 * and replay both write exactly these rows, so replaying the log reproduces what the live path wrote.
 * Bigints travel as decimal strings.
 *  - accountRowOf: an account's row in `accounts`, from the fold of its stream (the decider's state);
 *  - projectEvent: what one event changes in the other read models.
 */

/** An account's projection row: the fold of its stream up to `version`, and the head of its hash chain. */
export interface AccountRow {
  userId: string;
  version: number;
  balanceCents: string;
  heldCents: string;
  interestCarry: number;
  lastAccrualDate: string | null;
  pendingDepositRequests: number;
  pendingWithdrawals: number;
  lastHash: string | null;
}

/** No open requests: shared by every state read from a row (the decider copies a map to change it). */
const NONE: ReadonlyMap<number, never> = new Map<number, never>();

/**
 * The decider's state of an account as its row holds it: open requests are not in the row (a command
 * loads the one it targets into `depositRequests` / `withdrawals`).
 */
export function accountStateOf(row: AccountRow): AccountState {
  return {
    version: row.version,
    balanceCents: BigInt(row.balanceCents),
    heldCents: BigInt(row.heldCents),
    interestCarry: row.interestCarry,
    lastAccrualDate: row.lastAccrualDate,
    pendingDepositRequests: row.pendingDepositRequests,
    pendingWithdrawals: row.pendingWithdrawals,
    depositRequests: NONE,
    withdrawals: NONE,
  };
}

export function accountRowOf(userId: string, state: AccountState, lastHash: string | null): AccountRow {
  return {
    userId,
    version: state.version,
    balanceCents: String(state.balanceCents),
    heldCents: String(state.heldCents),
    interestCarry: state.interestCarry,
    lastAccrualDate: state.lastAccrualDate,
    pendingDepositRequests: state.pendingDepositRequests,
    pendingWithdrawals: state.pendingWithdrawals,
    lastHash,
  };
}

export interface ProjectedEvent {
  seq: string;
  userId: string;
  occurredAt: Date;
  event: LedgerEvent;
}

export interface DepositRequestRow {
  id: string;
  userId: string;
  amountCents: string;
  status: string;
  requestedAt: Date;
  processedAt: Date | null;
}
export interface WithdrawalRow {
  id: string;
  userId: string;
  amountCents: string;
  status: string;
  requestedAt: Date;
  processedAt: Date | null;
  completedAt: Date | null;
  /** the banking-detail fingerprint of its last approval (api-contract.md section 15) */
  approvedBankingFingerprint: string | null;
  /** when and why it last went back to `pending` after an approval (it then needs a new one) */
  returnedAt: Date | null;
  returnReason: WithdrawalReturnReason | null;
}
export interface DepositRow {
  id: string;
  userId: string;
  amountCents: string;
  referenceCode: string;
  status: string;
  note: string | null;
  depositRequestId: string | null;
  createdAt: Date;
  /** the credit link of a bank statement line (unique: a line is credited at most once) */
  bankStatementLineId: string | null;
}
export interface AdminTransactionRow {
  id: string;
  userId: string;
  adminId: string | null;
  kind: 'adjustment' | 'deposit' | 'withdrawal';
  type: 'add' | 'subtract';
  amountCents: string;
  balanceBeforeCents: string;
  balanceAfterCents: string;
  note: string | null;
  createdAt: Date;
}
export interface InterestPaymentRow {
  id: string;
  userId: string;
  accrualDate: string;
  balanceCents: string;
  interestRate: string;
  interestCents: string;
  paymentDate: Date;
  status: 'paid';
}

/** A four-eyes approval (api-contract.md section 9), from its stream `approval-<id>`. */
export interface ApprovalRow {
  id: string;
  kind: ApprovalKind;
  status: string;
  userId: string;
  amountCents: string;
  depositRequestId: string | null;
  withdrawalId: string | null;
  note: string | null;
  requestedBy: string;
  requestedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  /** a rejection's reason, or why it became void */
  reason: string | null;
  /** the bank statement line the approved deposit would credit (one pending approval per line) */
  bankStatementLineId: string | null;
}

export type ApprovalPatch = Partial<Pick<ApprovalRow, 'status' | 'decidedBy' | 'decidedAt' | 'reason'>>;

export type DepositRequestPatch = Partial<Pick<DepositRequestRow, 'amountCents' | 'status' | 'processedAt'>>;
export type WithdrawalPatch = Partial<
  Pick<
    WithdrawalRow,
    | 'amountCents'
    | 'status'
    | 'processedAt'
    | 'completedAt'
    | 'approvedBankingFingerprint'
    | 'returnedAt'
    | 'returnReason'
  >
>;

export type ProjectionChange =
  | { table: 'depositRequests'; op: 'insert'; row: DepositRequestRow }
  | { table: 'depositRequests'; op: 'update'; id: string; set: DepositRequestPatch }
  | { table: 'withdrawals'; op: 'insert'; row: WithdrawalRow }
  | { table: 'withdrawals'; op: 'update'; id: string; set: WithdrawalPatch }
  | { table: 'deposits'; op: 'insert'; row: DepositRow }
  | { table: 'adminTransactions'; op: 'insert'; row: AdminTransactionRow }
  | { table: 'interestPayments'; op: 'insert'; row: InterestPaymentRow }
  | { table: 'approvals'; op: 'insert'; row: ApprovalRow }
  | { table: 'approvals'; op: 'update'; id: string; set: ApprovalPatch };

const idText = (id: number | null): string | null => (id === null ? null : String(id));

export function projectEvent({ seq, userId, occurredAt, event }: ProjectedEvent): ProjectionChange[] {
  switch (event.type) {
    case 'DepositRequested':
      return [
        {
          table: 'depositRequests',
          op: 'insert',
          row: {
            id: String(event.data.depositRequestId),
            userId,
            amountCents: event.data.amountCents,
            status: 'pending',
            requestedAt: occurredAt,
            processedAt: null,
          },
        },
      ];
    case 'DepositRequestAmountChanged':
      return [
        {
          table: 'depositRequests',
          op: 'update',
          id: String(event.data.depositRequestId),
          set: { amountCents: event.data.toCents },
        },
      ];
    case 'DepositRequestCancelled':
      return [
        {
          table: 'depositRequests',
          op: 'update',
          id: String(event.data.depositRequestId),
          set: { status: 'cancelled', processedAt: occurredAt },
        },
      ];
    case 'DepositConfirmed': {
      const changes: ProjectionChange[] = [
        {
          table: 'deposits',
          op: 'insert',
          row: {
            id: seq,
            userId,
            amountCents: event.data.amountCents,
            referenceCode: event.data.referenceCode,
            status: 'confirmed',
            note: event.data.note,
            depositRequestId: idText(event.data.depositRequestId),
            createdAt: occurredAt,
            bankStatementLineId: idText(event.data.statementLineId ?? null),
          },
        },
        {
          table: 'adminTransactions',
          op: 'insert',
          row: {
            id: seq,
            userId,
            adminId: idText(event.data.adminId),
            kind: 'deposit',
            type: 'add',
            amountCents: event.data.amountCents,
            balanceBeforeCents: event.data.balanceBeforeCents,
            balanceAfterCents: event.data.balanceAfterCents,
            note: event.data.note,
            createdAt: occurredAt,
          },
        },
      ];
      if (event.data.depositRequestId !== null) {
        changes.push({
          table: 'depositRequests',
          op: 'update',
          id: String(event.data.depositRequestId),
          set: { status: 'confirmed', processedAt: occurredAt },
        });
      }
      return changes;
    }
    case 'WithdrawalRequested':
      return [
        {
          table: 'withdrawals',
          op: 'insert',
          row: {
            id: String(event.data.withdrawalId),
            userId,
            amountCents: event.data.amountCents,
            status: 'pending',
            requestedAt: occurredAt,
            processedAt: null,
            completedAt: null,
            approvedBankingFingerprint: null,
            returnedAt: null,
            returnReason: null,
          },
        },
      ];
    case 'WithdrawalAmountChanged':
      return [
        {
          table: 'withdrawals',
          op: 'update',
          id: String(event.data.withdrawalId),
          set: { amountCents: event.data.toCents },
        },
      ];
    case 'WithdrawalCancelled':
      return [
        {
          table: 'withdrawals',
          op: 'update',
          id: String(event.data.withdrawalId),
          set: { status: 'cancelled', processedAt: occurredAt },
        },
      ];
    case 'WithdrawalApproved':
      return [
        {
          table: 'withdrawals',
          op: 'update',
          id: String(event.data.withdrawalId),
          set: {
            status: 'processed',
            processedAt: occurredAt,
            approvedBankingFingerprint: event.data.bankingFingerprint ?? null,
          },
        },
        {
          table: 'adminTransactions',
          op: 'insert',
          row: {
            id: seq,
            userId,
            adminId: idText(event.data.adminId),
            kind: 'withdrawal',
            type: 'subtract',
            amountCents: event.data.amountCents,
            balanceBeforeCents: event.data.balanceBeforeCents,
            balanceAfterCents: event.data.balanceAfterCents,
            note: null,
            createdAt: occurredAt,
          },
        },
      ];
    case 'WithdrawalPaidOut':
      return [
        {
          table: 'withdrawals',
          op: 'update',
          id: String(event.data.withdrawalId),
          set: { status: 'completed', completedAt: occurredAt },
        },
      ];
    case 'WithdrawalReturnedForReapproval':
      return [
        {
          table: 'withdrawals',
          op: 'update',
          id: String(event.data.withdrawalId),
          set: { status: 'pending', returnedAt: occurredAt, returnReason: event.data.reason },
        },
        {
          // the approval's debit, undone: the admin history's balances keep following each other
          table: 'adminTransactions',
          op: 'insert',
          row: {
            id: seq,
            userId,
            adminId: null,
            kind: 'withdrawal',
            type: 'add',
            amountCents: event.data.amountCents,
            balanceBeforeCents: event.data.balanceBeforeCents,
            balanceAfterCents: event.data.balanceAfterCents,
            note: `Withdrawal #${event.data.withdrawalId} back to pending: ${WithdrawalReturnMessages[event.data.reason]}`,
            createdAt: occurredAt,
          },
        },
      ];
    case 'BalanceAdjusted':
      return [
        {
          table: 'adminTransactions',
          op: 'insert',
          row: {
            id: seq,
            userId,
            adminId: idText(event.data.adminId),
            kind: 'adjustment',
            type: event.data.operation,
            amountCents: event.data.amountCents,
            balanceBeforeCents: event.data.balanceBeforeCents,
            balanceAfterCents: event.data.balanceAfterCents,
            note: event.data.note,
            createdAt: occurredAt,
          },
        },
      ];
    case 'InterestAccrued':
      return [
        {
          table: 'interestPayments',
          op: 'insert',
          row: {
            id: seq,
            userId,
            accrualDate: event.data.accrualDate,
            balanceCents: event.data.balanceCents,
            interestRate: DAILY_RATE_DECIMAL,
            interestCents: event.data.creditedCents,
            paymentDate: occurredAt,
            status: 'paid',
          },
        },
      ];
    case 'PayoutFileIssued': // its stored bytes are originals, checked against it by verify (payout-files-check)
    case 'ProofRootCommitted':
      return [];
    case 'ApprovalRequested':
      return [
        {
          table: 'approvals',
          op: 'insert',
          row: {
            id: String(event.data.approvalId),
            kind: event.data.kind,
            status: 'pending',
            userId: String(event.data.userId),
            amountCents: event.data.amountCents,
            depositRequestId: idText(event.data.depositRequestId),
            withdrawalId: idText(event.data.withdrawalId),
            note: event.data.note,
            requestedBy: String(event.data.makerId),
            requestedAt: occurredAt,
            decidedBy: null,
            decidedAt: null,
            reason: null,
            bankStatementLineId: idText(event.data.statementLineId ?? null),
          },
        },
      ];
    case 'ApprovalGranted':
      return [
        {
          table: 'approvals',
          op: 'update',
          id: String(event.data.approvalId),
          set: { status: 'approved', decidedBy: String(event.data.checkerId), decidedAt: occurredAt },
        },
      ];
    case 'ApprovalRejected':
      return [
        {
          table: 'approvals',
          op: 'update',
          id: String(event.data.approvalId),
          set: {
            status: 'rejected',
            decidedBy: String(event.data.checkerId),
            decidedAt: occurredAt,
            reason: event.data.reason,
          },
        },
      ];
    case 'ApprovalVoided':
      return [
        {
          table: 'approvals',
          op: 'update',
          id: String(event.data.approvalId),
          set: { status: 'void', decidedAt: occurredAt, reason: event.data.reason },
        },
      ];
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled event ${String(unreachable)}`);
    }
  }
}

/**
 * Changes of many events folded into one set-based write: an update of a row inserted in the same
 * batch is merged into the insert; later updates of the same row win field by field.
 */
export class ProjectionBatch {
  readonly depositRequestInserts = new Map<string, DepositRequestRow>();
  readonly depositRequestUpdates = new Map<string, DepositRequestPatch>();
  readonly withdrawalInserts = new Map<string, WithdrawalRow>();
  readonly withdrawalUpdates = new Map<string, WithdrawalPatch>();
  readonly deposits: DepositRow[] = [];
  readonly adminTransactions: AdminTransactionRow[] = [];
  readonly interestPayments: InterestPaymentRow[] = [];
  readonly approvalInserts = new Map<string, ApprovalRow>();
  readonly approvalUpdates = new Map<string, ApprovalPatch>();

  add(change: ProjectionChange): void {
    switch (change.table) {
      case 'depositRequests':
        if (change.op === 'insert') this.depositRequestInserts.set(change.row.id, change.row);
        else mergePatch(this.depositRequestInserts, this.depositRequestUpdates, change.id, change.set);
        return;
      case 'withdrawals':
        if (change.op === 'insert') this.withdrawalInserts.set(change.row.id, change.row);
        else mergePatch(this.withdrawalInserts, this.withdrawalUpdates, change.id, change.set);
        return;
      case 'deposits':
        this.deposits.push(change.row);
        return;
      case 'adminTransactions':
        this.adminTransactions.push(change.row);
        return;
      case 'interestPayments':
        this.interestPayments.push(change.row);
        return;
      case 'approvals':
        if (change.op === 'insert') this.approvalInserts.set(change.row.id, change.row);
        else mergePatch(this.approvalInserts, this.approvalUpdates, change.id, change.set);
        return;
      default: {
        const unreachable: never = change;
        throw new Error(`Unhandled change ${String(unreachable)}`);
      }
    }
  }

  addAll(changes: Iterable<ProjectionChange>): void {
    for (const change of changes) this.add(change);
  }

  get isEmpty(): boolean {
    return (
      this.depositRequestInserts.size +
        this.depositRequestUpdates.size +
        this.withdrawalInserts.size +
        this.withdrawalUpdates.size +
        this.deposits.length +
        this.adminTransactions.length +
        this.interestPayments.length +
        this.approvalInserts.size +
        this.approvalUpdates.size ===
      0
    );
  }
}

function mergePatch<R extends object, P extends Partial<R>>(
  inserts: Map<string, R>,
  updates: Map<string, P>,
  id: string,
  patch: P,
): void {
  const inserted = inserts.get(id);
  if (inserted) {
    inserts.set(id, { ...inserted, ...patch });
    return;
  }
  updates.set(id, { ...(updates.get(id) ?? ({} as P)), ...patch });
}

import type { WithdrawalReturnReason } from '@savings/domain';

/**
 * The commands that change a customer's account (deposit requests, deposits, withdrawals, admin
 * adjustments, interest). Each is handled by one handler in this folder with one shape: load the
 * account (projection row and stream version), decide with libs/domain, append events with the
 * expected version, their postings, hash link and projections in one transaction; a version conflict
 * re-runs the command (bounded). API controllers, worker processors and the command line all send
 * these through the CommandBus.
 *
 * Amounts are canonical decimal strings ("1000.00", from parseAmountInput in @savings/contracts);
 * handlers convert them to exact cents. Results carry numbers only for JSON output.
 */

/** Who caused a change, recorded in every event's metadata. */
export interface Actor {
  kind: 'user' | 'admin' | 'job' | 'system';
  /** user or admin id; a job name for jobs */
  id: number | string;
}

/** Request-scoped metadata every event carries. */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  /** From the Idempotency-Key header; a repeat with the same key and body returns the first result. */
  idempotencyKey?: string;
  /** Hash of the request body, to tell a true repeat from a reused key (409). */
  requestHash?: string;
}

export class RequestDepositCommand {
  constructor(
    readonly userId: number,
    readonly amount: string,
    readonly context: CommandContext,
  ) {}
}

export class EditDepositRequestCommand {
  constructor(
    readonly depositRequestId: number,
    readonly amount: string,
    readonly context: CommandContext,
  ) {}
}

/** Admin delete: the request becomes `cancelled` (kept, not shown as pending). */
export class CancelDepositRequestCommand {
  constructor(
    readonly depositRequestId: number,
    readonly context: CommandContext,
  ) {}
}

/**
 * The bank statement line a deposit credits (issue 18): its id goes into the DepositConfirmed event,
 * and the deposit must be of exactly its amount (canonical decimal string).
 */
export interface StatementLineRef {
  id: number;
  amount: string;
}

export class ConfirmDepositRequestCommand {
  constructor(
    readonly depositRequestId: number,
    readonly note: string | null,
    readonly context: CommandContext,
    readonly statementLine?: StatementLineRef,
  ) {}
}

/** Direct admin deposit (POST /api/admin/deposits/confirm). */
export class ConfirmDepositCommand {
  constructor(
    readonly userId: number,
    readonly amount: string,
    readonly note: string | null,
    readonly context: CommandContext,
    readonly statementLine?: StatementLineRef,
  ) {}
}

export class RequestWithdrawalCommand {
  constructor(
    readonly userId: number,
    readonly amount: string,
    readonly context: CommandContext,
  ) {}
}

export class EditWithdrawalCommand {
  constructor(
    readonly withdrawalId: number,
    readonly amount: string,
    readonly context: CommandContext,
  ) {}
}

/** Admin delete of a pending withdrawal: releases its hold, status `cancelled`. */
export class CancelWithdrawalCommand {
  constructor(
    readonly withdrawalId: number,
    readonly context: CommandContext,
  ) {}
}

export class ApproveWithdrawalCommand {
  constructor(
    readonly withdrawalId: number,
    readonly context: CommandContext,
  ) {}
}

/**
 * Monthly payout of one approved (`processed`) withdrawal: payable -> cash, status `completed`. The
 * fingerprint is of the banking details the transfer goes to: they must be the ones approved.
 */
export class PayOutWithdrawalCommand {
  constructor(
    readonly withdrawalId: number,
    readonly payoutDate: string,
    readonly bankingFingerprint: string,
    readonly context: CommandContext,
  ) {}
}

/**
 * The banking details an approved, unpaid withdrawal would be paid to now have this fingerprint (saved
 * anew, or as the payout found them): unless they are the approved ones, the withdrawal goes back to
 * `pending` for a new approval (api-contract.md section 15). Changes nothing otherwise.
 */
export class ReturnWithdrawalForReapprovalCommand {
  constructor(
    readonly withdrawalId: number,
    readonly reason: WithdrawalReturnReason,
    readonly bankingFingerprint: string | null,
    readonly context: CommandContext,
  ) {}
}

export class AdjustBalanceCommand {
  constructor(
    readonly userId: number,
    readonly amount: string,
    readonly operation: 'add' | 'subtract',
    readonly note: string | null,
    readonly context: CommandContext,
  ) {}
}

/**
 * Daily interest for one accrual date (YYYY-MM-DD in APP_TIMEZONE) and a range of user ids
 * [fromUserId, toUserId). Set-based: thousands of accounts per statement. Accounts already accrued
 * for that date are skipped, so reruns and parallel workers never double an accrual.
 */
export class AccrueInterestBatchCommand {
  constructor(
    readonly accrualDate: string,
    readonly fromUserId: number,
    readonly toUserId: number,
    readonly context: CommandContext,
  ) {}
}

export interface AccrueInterestBatchResult {
  accountsInRange: number;
  accrued: number;
  alreadyAccrued: number;
  creditedTotal: string;
}

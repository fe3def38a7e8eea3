import type {
  AccountBalances,
  AdjustBalanceResult,
  ApprovalPendingResult,
  DepositItem,
  DepositRequestResult,
  WithdrawalResult,
} from '@savings/contracts';
import { availableCents, Money, type AccountState, type ApprovalState } from '@savings/domain';
import type { AccountHolder, CommandOutcome, FourEyesClaim } from './account-ledger';

/**
 * The responses of the money commands, built from what the command did: the account's state after
 * it and the events it appended (with their seqs). Nothing is read back or projected again.
 */

export function balancesOf(userId: number, state: AccountState): AccountBalances {
  return {
    userId,
    balance: Money.toJsonNumber(state.balanceCents),
    availableBalance: Money.toJsonNumber(availableCents(state)),
    version: state.version,
  };
}

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** A deposit request after the command: still open in the state, or closed by one of its events. */
export function depositRequestResult(outcome: CommandOutcome, id: number): DepositRequestResult {
  const { account, after, events, occurredAt } = outcome;
  const before = account.request?.id === id ? account.request : null;
  let amountCents = before?.amountCents ?? 0n;
  let status = (before?.status ?? 'pending') as DepositRequestResult['depositRequest']['status'];
  // a request this command makes has no row before it (its id is new): requested now
  const requestedAt = before?.requestedAt ?? occurredAt;
  let processedAt = before?.processedAt ?? null;
  for (const { event } of events) {
    if (event.type === 'DepositConfirmed' && event.data.depositRequestId === id) {
      [status, amountCents, processedAt] = ['confirmed', BigInt(event.data.amountCents), occurredAt];
    }
    if (event.type === 'DepositRequestCancelled' && event.data.depositRequestId === id) {
      [status, amountCents, processedAt] = ['cancelled', BigInt(event.data.amountCents), occurredAt];
    }
  }
  const open = after.depositRequests.get(id);
  if (open) [status, amountCents] = ['pending', open.amountCents];
  return {
    depositRequest: {
      id,
      userId: account.holder.id,
      amount: Money.toJsonNumber(amountCents),
      status,
      requestedAt: requestedAt.toISOString(),
      processedAt: iso(processedAt),
    },
    account: balancesOf(account.holder.id, after),
  };
}

/** A withdrawal after the command: pending or approved in the state, or closed by one of its events. */
export function withdrawalResult(outcome: CommandOutcome, id: number): WithdrawalResult {
  const { account, after, events, occurredAt } = outcome;
  const before = account.request?.id === id ? account.request : null;
  let amountCents = before?.amountCents ?? 0n;
  let status = (before?.status ?? 'pending') as WithdrawalResult['withdrawal']['status'];
  // a request this command makes has no row before it (its id is new): requested now
  const requestedAt = before?.requestedAt ?? occurredAt;
  let processedAt = before?.processedAt ?? null;
  let completedAt = before?.completedAt ?? null;
  for (const { event } of events) {
    if (!('withdrawalId' in event.data) || event.data.withdrawalId !== id) continue;
    if (event.type === 'WithdrawalApproved') processedAt = occurredAt;
    if (event.type === 'WithdrawalCancelled')
      [status, amountCents, processedAt] = ['cancelled', BigInt(event.data.amountCents), occurredAt];
    if (event.type === 'WithdrawalPaidOut')
      [status, amountCents, completedAt] = ['completed', BigInt(event.data.amountCents), occurredAt];
  }
  const open = after.withdrawals.get(id);
  if (open) [status, amountCents] = [open.status, open.amountCents];
  return {
    withdrawal: {
      id,
      userId: account.holder.id,
      amount: Money.toJsonNumber(amountCents),
      status,
      requestedAt: requestedAt.toISOString(),
      processedAt: iso(processedAt),
      completedAt: iso(completedAt),
    },
    account: balancesOf(account.holder.id, after),
  };
}

/** The deposit a DepositConfirmed event of the outcome recorded (its id is the event's seq). */
export function depositOf(outcome: CommandOutcome): DepositItem {
  for (const appended of outcome.events) {
    const { event } = appended;
    if (event.type !== 'DepositConfirmed') continue;
    return {
      id: Number(appended.seq),
      userId: outcome.account.holder.id,
      amount: Money.toJsonNumber(BigInt(event.data.amountCents)),
      referenceCode: event.data.referenceCode,
      status: 'confirmed',
      note: event.data.note,
      depositRequestId: event.data.depositRequestId,
      createdAt: outcome.occurredAt.toISOString(),
    };
  }
  throw new Error('a confirmed deposit appended no DepositConfirmed event');
}

/** The balance change a BalanceAdjusted event of the outcome recorded (its id is the event's seq). */
export function adjustmentResult(outcome: CommandOutcome): AdjustBalanceResult {
  const appended = outcome.events.find((candidate) => candidate.event.type === 'BalanceAdjusted');
  if (!appended || appended.event.type !== 'BalanceAdjusted')
    throw new Error('AdjustBalance appended no BalanceAdjusted');
  const { data } = appended.event;
  return {
    transaction: {
      id: Number(appended.seq),
      userId: outcome.account.holder.id,
      adminId: data.adminId,
      type: data.operation,
      amount: Money.toJsonNumber(BigInt(data.amountCents)),
      balanceBefore: Money.toJsonNumber(BigInt(data.balanceBeforeCents)),
      balanceAfter: Money.toJsonNumber(BigInt(data.balanceAfterCents)),
      note: data.note,
      createdAt: outcome.occurredAt.toISOString(),
    },
    account: balancesOf(outcome.account.holder.id, outcome.after),
  };
}

/** 202 of a move that waits for a second admin (api-contract.md section 9), from the new approval. */
export function pendingApprovalResult(
  state: ApprovalState,
  holder: AccountHolder,
  claim: FourEyesClaim,
  occurredAt: Date,
): ApprovalPendingResult {
  return {
    approval: {
      id: state.id,
      kind: state.kind,
      status: state.status,
      amount: Money.toJsonNumber(state.amountCents),
      userId: state.userId,
      userName: holder.name,
      requestedBy: claim.makerId,
      requestedByName: claim.makerName,
      requestedAt: occurredAt.toISOString(),
      note: state.note,
      depositRequestId: state.depositRequestId,
      withdrawalId: state.withdrawalId,
      decidedBy: null,
      decidedByName: null,
      decidedAt: null,
      reason: null,
    },
  };
}

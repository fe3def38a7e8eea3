import { Money, type DepositRequestStatus, type WithdrawalStatus } from '@savings/domain';
import { projectEvent, type ProjectionChange } from '@savings/ledger';
import type { Outcome } from './account-command-runner';
import type { DepositRequestResult, DepositResult, WithdrawalResult } from './money.results';

const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The read-model changes of the outcome's events: results are built by the same projection as the tables. */
function changesOf(outcome: Outcome): ProjectionChange[] {
  return outcome.events.flatMap((event) =>
    projectEvent({
      seq: event.seq,
      userId: String(outcome.loaded.user.id),
      occurredAt: event.occurredAt,
      event: event.event,
    }),
  );
}

export function depositRequestAfter(outcome: Outcome, id: number): DepositRequestResult['depositRequest'] {
  const base = outcome.loaded.request;
  let row = {
    id,
    userId: outcome.loaded.user.id,
    amountCents: base ? String(base.amountCents) : '0',
    status: base?.status ?? 'pending',
    requestedAt: base?.requestedAt ?? outcome.occurredAt,
    processedAt: base?.processedAt ?? null,
  };
  for (const change of changesOf(outcome)) {
    if (change.table !== 'depositRequests') continue;
    if (change.op === 'insert' && change.row.id === String(id)) row = { ...row, ...change.row, id, userId: row.userId };
    if (change.op === 'update' && change.id === String(id)) row = { ...row, ...change.set };
  }
  return {
    id,
    userId: row.userId,
    amount: Money.toJsonNumber(BigInt(row.amountCents)),
    status: row.status as DepositRequestStatus,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: isoOrNull(row.processedAt),
  };
}

export function withdrawalAfter(outcome: Outcome, id: number): WithdrawalResult['withdrawal'] {
  const base = outcome.loaded.request;
  let row = {
    id,
    userId: outcome.loaded.user.id,
    amountCents: base ? String(base.amountCents) : '0',
    status: base?.status ?? 'pending',
    requestedAt: base?.requestedAt ?? outcome.occurredAt,
    processedAt: base?.processedAt ?? null,
    completedAt: base?.completedAt ?? null,
  };
  for (const change of changesOf(outcome)) {
    if (change.table !== 'withdrawals') continue;
    if (change.op === 'insert' && change.row.id === String(id)) row = { ...row, ...change.row, id, userId: row.userId };
    if (change.op === 'update' && change.id === String(id)) row = { ...row, ...change.set };
  }
  return {
    id,
    userId: row.userId,
    amount: Money.toJsonNumber(BigInt(row.amountCents)),
    status: row.status as WithdrawalStatus,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: isoOrNull(row.processedAt),
    completedAt: isoOrNull(row.completedAt),
  };
}

export function depositOf(outcome: Outcome): DepositResult['deposit'] {
  for (const change of changesOf(outcome)) {
    if (change.table === 'deposits' && change.op === 'insert') {
      return {
        id: Number(change.row.id),
        userId: Number(change.row.userId),
        amount: Money.toJsonNumber(BigInt(change.row.amountCents)),
        referenceCode: change.row.referenceCode,
        status: 'confirmed',
        note: change.row.note,
        depositRequestId: change.row.depositRequestId === null ? null : Number(change.row.depositRequestId),
        createdAt: change.row.createdAt.toISOString(),
      };
    }
  }
  throw new Error('a confirmed deposit produced no deposit row');
}

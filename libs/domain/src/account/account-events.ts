import type { PayoutFileIssuedData } from '../payouts/payout-file';
import type { WithdrawalReturnReason } from '../payouts/banking-details';
import { APPROVAL_SCHEMA_VERSION, type ApprovalEvent } from '../approval/approval-events';

/**
 * Events of an account stream (`account-<userId>`). Amounts are integer cents written as decimal
 * strings, so JSON never rounds them. Every event type has a schema version; stored events older
 * than the current version are upcast when read (upcastEvent), so a v2 only adds an entry there.
 */
export type AccountEvent =
  | { type: 'DepositRequested'; data: { depositRequestId: number; amountCents: string } }
  | { type: 'DepositRequestAmountChanged'; data: { depositRequestId: number; fromCents: string; toCents: string } }
  | { type: 'DepositRequestCancelled'; data: { depositRequestId: number; amountCents: string } }
  | {
      type: 'DepositConfirmed';
      data: {
        depositRequestId: number | null;
        amountCents: string;
        note: string | null;
        adminId: number | null;
        referenceCode: string;
        balanceBeforeCents: string;
        balanceAfterCents: string;
        /** the bank statement line this deposit credits (present only then; issue 18) */
        statementLineId?: number;
      };
    }
  | { type: 'WithdrawalRequested'; data: { withdrawalId: number; amountCents: string } }
  | { type: 'WithdrawalAmountChanged'; data: { withdrawalId: number; fromCents: string; toCents: string } }
  | { type: 'WithdrawalCancelled'; data: { withdrawalId: number; amountCents: string } }
  | {
      type: 'WithdrawalApproved';
      data: {
        withdrawalId: number;
        amountCents: string;
        adminId: number | null;
        balanceBeforeCents: string;
        balanceAfterCents: string;
        /**
         * HMAC-SHA-256 (hex) under the server's key of the banking details approved (canonicalBankingDetails):
         * the payout pays only to details with this fingerprint. Absent on approvals made before issue 31.
         */
        bankingFingerprint?: string;
      };
    }
  | {
      type: 'WithdrawalPaidOut';
      data: {
        withdrawalId: number;
        amountCents: string;
        payoutDate: string;
        /** the fingerprint of the details paid to, equal to the approval's (absent before issue 31) */
        bankingFingerprint?: string;
      };
    }
  /**
   * An approved, unpaid withdrawal back to `pending` (api-contract.md section 15): the approval's
   * debit is undone and the amount held again, so it needs a new approval (to the details of now).
   */
  | {
      type: 'WithdrawalReturnedForReapproval';
      data: {
        withdrawalId: number;
        amountCents: string;
        reason: WithdrawalReturnReason;
        balanceBeforeCents: string;
        balanceAfterCents: string;
      };
    }
  | {
      type: 'BalanceAdjusted';
      data: {
        operation: 'add' | 'subtract';
        amountCents: string;
        adminId: number | null;
        note: string | null;
        balanceBeforeCents: string;
        balanceAfterCents: string;
      };
    }
  | {
      type: 'InterestAccrued';
      data: {
        /** YYYY-MM-DD in APP_TIMEZONE */
        accrualDate: string;
        balanceCents: string;
        rateNumerator: 7;
        rateDenominator: 36500;
        /** exact amount owed in cents, carry included: "<n>/36500" */
        exactOwedCents: string;
        creditedCents: string;
        carryBefore: number;
        carryAfter: number;
        balanceAfterCents: string;
      };
    }
  /** Not an account's: the one event of a `payout-file-<id>` stream (a bank file, its items and hashes). */
  | { type: 'PayoutFileIssued'; data: PayoutFileIssuedData }
  /** Not an account's: a proof-of-liabilities root (stream `proof-roots`, api-contract.md section 13). */
  | { type: 'ProofRootCommitted'; data: ProofRootCommittedData };

/**
 * The committed root of a Merkle sum tree over the customer balances after every event up to
 * `throughSeq` (the ledger as it stood at `at`): what `ledger verify` recomputes from the log.
 */
export interface ProofRootCommittedData {
  /** YYYY-MM-DD in APP_TIMEZONE */
  date: string;
  /** ISO-8601 UTC */
  at: string;
  root: string;
  /** cents */
  total: string;
  leafCount: number;
  throughSeq: string;
}

export type AccountEventType = AccountEvent['type'];

/** Every event the ledger stores: an account's, or one of a platform stream (an approval's). */
export type LedgerEvent = AccountEvent | ApprovalEvent;
export type LedgerEventType = LedgerEvent['type'];

const ACCOUNT_SCHEMA_VERSION: Record<AccountEventType, number> = {
  DepositRequested: 1,
  DepositRequestAmountChanged: 1,
  DepositRequestCancelled: 1,
  DepositConfirmed: 1,
  WithdrawalRequested: 1,
  WithdrawalAmountChanged: 1,
  WithdrawalCancelled: 1,
  WithdrawalApproved: 1,
  WithdrawalPaidOut: 1,
  WithdrawalReturnedForReapproval: 1,
  BalanceAdjusted: 1,
  InterestAccrued: 1,
  PayoutFileIssued: 1,
  ProofRootCommitted: 1,
};

export const CURRENT_SCHEMA_VERSION: Record<LedgerEventType, number> = {
  ...ACCOUNT_SCHEMA_VERSION,
  ...APPROVAL_SCHEMA_VERSION,
};

export const ACCOUNT_EVENT_TYPES = Object.keys(ACCOUNT_SCHEMA_VERSION) as AccountEventType[];

export function isAccountEvent(event: LedgerEvent): event is AccountEvent {
  // own keys only: `in` would take inherited names (toString) for account event types
  return Object.hasOwn(ACCOUNT_SCHEMA_VERSION, event.type);
}

/** One step: data of (type, version) -> data of version + 1. Add an entry when a v2 appears. */
type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
const UPCASTERS: Partial<Record<LedgerEventType, Record<number, Upcaster>>> = {
  // e.g. BalanceAdjusted: { 1: (data) => ({ ...data, reason: data.note ?? null }) },
};

/** A stored event (any known schema version) as the current-version domain event. */
export function upcastEvent(type: string, schemaVersion: number, data: unknown): LedgerEvent {
  // own keys only: 'toString' is in every object
  if (!Object.hasOwn(CURRENT_SCHEMA_VERSION, type)) throw new Error(`Unknown event type ${type}`);
  const eventType = type as LedgerEventType;
  const target = CURRENT_SCHEMA_VERSION[eventType];
  if (schemaVersion > target) throw new Error(`${type} v${schemaVersion} is newer than this code (v${target})`);
  let current = data as Record<string, unknown>;
  for (let version = schemaVersion; version < target; version += 1) {
    const step = UPCASTERS[eventType]?.[version];
    if (!step) throw new Error(`No upcaster for ${type} v${version}`);
    current = step(current);
  }
  return { type: eventType, data: current } as LedgerEvent;
}

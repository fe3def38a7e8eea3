import {
  isValidReferenceCode,
  normalizeReferenceCode,
  payoutEndToEndId,
  REFERENCE_CODE_ALPHABET,
  REFERENCE_CODE_LENGTH,
} from '@savings/domain';
import type { StatementEntry } from './statement-entry';

/**
 * Matching of statement entries, pure (api-contract.md section 11): the facts it needs (customers by
 * reference code, pending deposit requests, payout items) are read first by the caller, in one query
 * each, for every code and end-to-end id the entries name.
 */

export const PLATFORM_CURRENCY = 'USD';

export type EntryMatch =
  | { status: 'suggested'; userId: number; depositRequestId: number | null; withdrawalId: null; reason: null }
  | { status: 'paid-out'; userId: number; depositRequestId: null; withdrawalId: number; reason: null }
  | { status: 'unmatched'; userId: number | null; depositRequestId: null; withdrawalId: null; reason: string };

export interface PendingDepositRequest {
  id: number;
  amountCents: bigint;
}

export interface PayoutItem {
  withdrawalId: number;
  userId: number;
  amountCents: bigint;
  /** a debit line of an earlier statement already names it */
  alreadyMatched: boolean;
}

export interface MatchingFacts {
  /** normalized reference code -> customer id */
  customersByCode: ReadonlyMap<string, number>;
  /** customer id -> pending deposit requests, oldest first */
  pendingRequests: ReadonlyMap<number, readonly PendingDepositRequest[]>;
  /** withdrawal id -> its paid payout item */
  payoutItems: ReadonlyMap<number, PayoutItem>;
}

const CODE_CHAR = new RegExp(`^[${REFERENCE_CODE_ALPHABET}]+$`);

/**
 * The reference codes a remittance text quotes. Words are split at spaces and hyphens, and runs of
 * neighbouring words that together make exactly 8 characters are candidates (so `abcd-efg2`,
 * `ABCD EFG2` and `ABCDEFG2` all count; other punctuation ends a run). A candidate made only of the
 * code alphabet is a code when its check character is right, and a failed check otherwise.
 */
export interface CodesFound {
  valid: string[];
  failedCheck: string[];
}

export function referenceCodesIn(remittance: string): CodesFound {
  const valid = new Set<string>();
  const failedCheck = new Set<string>();
  // codes are ASCII: any other character ends a run (and costs less to split on than Unicode classes)
  for (const run of remittance.split(/[^A-Za-z0-9\s-]+/)) {
    const words = run
      .split(/[\s-]+/)
      .filter((word) => word !== '')
      .map((word) => word.toUpperCase());
    for (let start = 0; start < words.length; start += 1) {
      let candidate = '';
      for (let end = start; end < words.length && candidate.length < REFERENCE_CODE_LENGTH; end += 1) {
        candidate += words[end];
      }
      if (candidate.length !== REFERENCE_CODE_LENGTH || !CODE_CHAR.test(candidate)) continue;
      const code = normalizeReferenceCode(candidate);
      if (isValidReferenceCode(code)) valid.add(code);
      else failedCheck.add(code);
    }
  }
  return { valid: [...valid], failedCheck: [...failedCheck] };
}

const PAYOUT_ID = /\bWITHDRAWAL[\s-]?(\d{1,10})\b/gi;

/** Withdrawal ids named by `WITHDRAWAL-<id>` (the pain.001 EndToEndId) in the end-to-end id or remittance. */
export function payoutIdsIn(entry: Pick<StatementEntry, 'endToEndId' | 'remittance'>): number[] {
  const ids = new Set<number>();
  for (const source of [entry.endToEndId ?? '', entry.remittance]) {
    for (const match of source.matchAll(PAYOUT_ID)) {
      const id = Number(match[1]);
      if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
    }
  }
  return [...ids];
}

const unmatched = (reason: string, userId: number | null = null): EntryMatch => ({
  status: 'unmatched',
  userId,
  depositRequestId: null,
  withdrawalId: null,
  reason,
});

/**
 * Matches every entry of one statement, in file order. A pending deposit request or payout item is
 * given to one entry at most (the first that fits).
 */
export function matchEntries(
  entries: readonly StatementEntry[],
  facts: MatchingFacts,
  /** referenceCodesIn of each entry's remittance, when the caller has them already */
  codes: readonly CodesFound[] = entries.map((entry) => referenceCodesIn(entry.remittance)),
): EntryMatch[] {
  const usedRequests = new Set<number>();
  const usedPayouts = new Set<number>();
  return entries.map((entry, index) => {
    if (!entry.booked) return unmatched('not booked by the bank (pending or information only)');
    if (entry.reversal) return unmatched('reversal of an earlier entry');
    if (entry.currency !== PLATFORM_CURRENCY)
      return unmatched(`currency ${entry.currency} is not ${PLATFORM_CURRENCY}`);
    return entry.direction === 'credit'
      ? matchCredit(entry, codes[index], facts, usedRequests)
      : matchDebit(entry, facts, usedPayouts);
  });
}

function matchCredit(
  entry: StatementEntry,
  codes: CodesFound,
  facts: MatchingFacts,
  usedRequests: Set<number>,
): EntryMatch {
  if (codes.valid.length === 0) {
    return unmatched(codes.failedCheck.length > 0 ? 'reference check failed' : 'no reference code in the remittance');
  }
  const customers = new Set(
    codes.valid.map((code) => facts.customersByCode.get(code)).filter((id): id is number => id !== undefined),
  );
  if (customers.size === 0) return unmatched(`unknown reference code ${codes.valid.join(', ')}`);
  if (customers.size > 1) return unmatched('reference codes of several customers');
  const [userId] = customers;
  const request = (facts.pendingRequests.get(userId) ?? []).find(
    (candidate) => candidate.amountCents === entry.amountCents && !usedRequests.has(candidate.id),
  );
  if (request) usedRequests.add(request.id);
  return { status: 'suggested', userId, depositRequestId: request?.id ?? null, withdrawalId: null, reason: null };
}

function matchDebit(entry: StatementEntry, facts: MatchingFacts, usedPayouts: Set<number>): EntryMatch {
  const ids = payoutIdsIn(entry);
  if (ids.length === 0) return unmatched('no payout end-to-end id (WITHDRAWAL-<id>)');
  if (ids.length > 1) return unmatched('names several payout items');
  const [withdrawalId] = ids;
  const item = facts.payoutItems.get(withdrawalId);
  if (!item) return unmatched(`no paid payout item ${payoutEndToEndId(withdrawalId)}`);
  if (item.alreadyMatched || usedPayouts.has(withdrawalId)) {
    return unmatched(`payout item ${payoutEndToEndId(withdrawalId)} is already matched to another debit`);
  }
  if (item.amountCents !== entry.amountCents) {
    return unmatched(`amount differs from payout item ${payoutEndToEndId(withdrawalId)}`, item.userId);
  }
  usedPayouts.add(withdrawalId);
  return { status: 'paid-out', userId: item.userId, depositRequestId: null, withdrawalId, reason: null };
}

/**
 * The instant before which a payout item must have been paid for its debit to be overdue: 5 business
 * days (Monday to Friday, UTC dates) before `now`'s date. Items paid on or before the returned date
 * with no matching debit are listed.
 */
export function businessDaysBefore(now: Date, days: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() - 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

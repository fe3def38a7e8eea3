/**
 * Bank statements and reconciliation (api-contract.md section 11). Amounts are JSON numbers with at
 * most 2 decimals at this boundary only; the server keeps cents.
 */

export const BANK_STATEMENT_ENTRY_STATUSES = ['unmatched', 'suggested', 'credited', 'ignored', 'paid-out'] as const;
export type BankStatementEntryStatus = (typeof BANK_STATEMENT_ENTRY_STATUSES)[number];

/** The header of the documented CSV statement; `amount` is negative for money sent. */
export const BANK_STATEMENT_CSV_HEADER =
  'booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref';

/** The largest statement file accepted, in bytes. */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export type BankStatementSuggestion =
  { kind: 'deposit-request'; depositRequestId: number } | { kind: 'direct-deposit' };

export interface BankStatementSummary {
  id: number;
  format: string;
  accountIban: string | null;
  from: string | null;
  to: string | null;
  importedAt: string;
  /** lines of the statement */
  entries: number;
  credits: number;
  debits: number;
  suggested: number;
  unmatched: number;
  credited: number;
  /** entries of the uploaded file that an earlier import already holds (import response only) */
  alreadyImported?: number;
}

export interface BankStatementEntry {
  id: number;
  statementId: number;
  bookingDate: string | null;
  amount: number;
  currency: string;
  direction: 'credit' | 'debit';
  remittance: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  endToEndId: string | null;
  status: BankStatementEntryStatus;
  /** the matched or credited customer */
  userId: number | null;
  userName: string | null;
  depositRequestId: number | null;
  withdrawalId: number | null;
  suggestion: BankStatementSuggestion | null;
  reason: string | null;
  /** seq of the DepositConfirmed event that credited the line */
  eventId: number | null;
  /** a pending four-eyes approval of this line's credit */
  approvalId: number | null;
}

/** POST /api/admin/bank-statements (201 new entries, 200 nothing new) */
export interface BankStatementImportResponse {
  statement: BankStatementSummary;
}
/** GET /api/admin/bank-statements */
export interface BankStatementsResponse {
  statements: BankStatementSummary[];
}
/** GET /api/admin/bank-statements/{id}?status= */
export interface BankStatementResponse {
  statement: BankStatementSummary;
  entries: BankStatementEntry[];
}
/** POST .../entries/{entryId}/credit */
export interface CreditStatementEntryRequest {
  userId?: number;
  depositRequestId?: number;
}
export interface CreditStatementEntryResponse {
  entry: BankStatementEntry;
}
/** POST .../entries/{entryId}/ignore */
export interface IgnoreStatementEntryRequest {
  reason: string;
}
/** POST /api/admin/bank-statements/{id}/credit-suggested */
export interface CreditSuggestedResponse {
  credited: number;
  awaitingApproval: number;
  /** entries not credited, each with why */
  skipped: { entryId: number; reason: string }[];
}
/** GET /api/admin/bank-statements/unmatched-payouts: paid payout items with no matching debit after 5 business days */
export interface UnmatchedPayoutItem {
  withdrawalId: number;
  endToEndId: string;
  userId: number;
  userName: string;
  amount: number;
  paidAt: string;
}
export interface UnmatchedPayoutsResponse {
  payouts: UnmatchedPayoutItem[];
}

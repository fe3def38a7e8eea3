import type {
  AccountActivityItem,
  DepositRequestItem,
  InterestPaymentItem,
  PublicUser,
  StatementMonthItem,
  WithdrawalItem,
} from './api-types';

/**
 * GET /api/user/export: everything the platform holds about the signed-in customer, as one JSON
 * document (api-contract.md section 18; GDPR articles 15 and 20). `version` changes when a field's
 * meaning changes; fields are only ever added within a version.
 */
export const ACCOUNT_EXPORT_FORMAT = 'savings-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: typeof ACCOUNT_EXPORT_VERSION;
  exportedAt: string;
  /** the account as /api/auth/me shows it, holder data included, with what else the users row keeps */
  profile: PublicUser & {
    /** the language mails are written in */
    language: string;
  };
  bankingDetails: {
    current: BankingDetailsEntry | null;
    /** every save, oldest first (each save that changed the details) */
    history: BankingDetailsEntry[];
  };
  /** every event of the account's stream, in order, as the ledger stores it */
  events: ExportedEvent[];
  depositRequests: DepositRequestItem[];
  /** confirmed deposits (by an admin, a deposit request or a bank statement line) */
  deposits: ExportedDeposit[];
  withdrawals: WithdrawalItem[];
  interestPayments: InterestPaymentItem[];
  /** balance changes made by admins (deposits, withdrawals, adjustments), as the dashboard lists them */
  accountActivity: AccountActivityItem[];
  statements: StatementMonthItem[];
  mails: ExportedMail[];
  security: {
    twoFactor: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
    /** sign-ins, two-factor and password changes, oldest first */
    history: SecurityHistoryItem[];
  };
}

export interface BankingDetailsEntry {
  beneficiaryName: string;
  iban: string;
  swift: string | null;
  savedAt: string;
}

export interface ExportedEvent {
  seq: number;
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  payload: unknown;
  metadata: unknown;
  occurredAt: string;
  recordedAt: string;
  prevHash: string | null;
  hash: string;
}

export interface ExportedDeposit {
  id: number;
  amount: number;
  referenceCode: string;
  note: string | null;
  depositRequestId: number | null;
  createdAt: string;
}

export interface ExportedMail {
  template: string;
  language: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'two-factor-sign-in',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-code-used',
  'two-factor-reset',
  'password-changed',
  'password-reset',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export interface SecurityHistoryItem {
  kind: SecurityEventKind;
  at: string;
  /** the client address it came from (the socket's, or the nearest untrusted one behind TRUST_PROXY) */
  address: string | null;
}

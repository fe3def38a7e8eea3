import type { ApprovalKind, ApprovalStatus, WithdrawalReturnReason } from '@savings/domain';
import type { HolderType } from './account-holder';

export type { WithdrawalReturnReason } from '@savings/domain';

/**
 * Request and response shapes of every API call (api-contract.md section 6). The web client and the
 * server both import these, so neither can drift from the other. Amounts are JSON numbers with at most
 * two decimals; dates are ISO-8601 strings.
 */

export const ROLES = ['customer', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

// ---- auth ----
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  balance: number;
  availableBalance: number;
  referenceCode: string;
  beneficiaryName: string | null;
  iban: string | null;
  swift: string | null;
  isAdmin: boolean;
  role: Role;
  /** a person, or a business (company or foundation) represented by `name` (contract section 18) */
  holderType: HolderType;
  legalName: string | null;
  registrationNumber: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string | null;
  createdAt: string;
}
export interface UserResponse {
  user: PublicUser;
}
/** GET /api/auth/session: who is signed in, null when nobody is (200 either way, unlike /api/auth/me). */
export interface SessionResponse {
  user: PublicUser | null;
}
export interface LoginRequest {
  /** An e-mail address, or a name (names are unique, compared case-insensitively with spaces folded). */
  email: string;
  password: string;
}

/** POST /api/auth/login for an account with two-factor sign-in: the password was right, a code comes next. */
export interface MfaRequiredResponse {
  mfaRequired: true;
}

/** POST /api/auth/login: the user, or the code step (contract section 9). */
export type LoginResponse = UserResponse | MfaRequiredResponse;

/** POST /api/auth/mfa/verify, enable: a current 6-digit TOTP code or (verify, disable) an unused recovery code. */
export interface MfaCodeRequest {
  code: string;
}

/** POST /api/auth/mfa/disable: the password again and a code. */
export interface MfaDisableRequest {
  password: string;
  code: string;
}

/** POST /api/auth/mfa/setup: a new secret (base32) and its otpauth:// URL, shown as a QR code. */
export interface MfaSetupResponse {
  secret: string;
  otpauthUrl: string;
}

/** POST /api/auth/mfa/enable: the 10 single-use recovery codes, shown this once. */
export interface MfaEnableResponse {
  recoveryCodes: string[];
}

/** GET /api/auth/mfa: whether two-factor sign-in is on, and how many recovery codes are left unused. */
export interface MfaStatusResponse {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** STAFF_MFA=required and the account is an admin or auditor: it may not be turned off for good. */
  requiredForRole: boolean;
}
export interface RegisterRequest {
  /** a person's name; for a business, its representative's */
  name: string;
  email: string;
  password: string;
  /** `individual` when left out; a company or foundation also sends the three fields below */
  holderType?: HolderType;
  legalName?: string;
  registrationNumber?: string;
  /** ISO 3166-1 alpha-2, upper case */
  country?: string;
}

/** POST /api/auth/password-reset: always 202, whether or not the e-mail has an account. */
export interface PasswordResetRequest {
  email: string;
}

/** POST /api/auth/password-reset/confirm: the token from the mailed link and the new password. */
export interface PasswordResetConfirmRequest {
  token: string;
  newPassword: string;
}

// ---- investor ----
export interface DashboardResponse {
  user: {
    id: number;
    name: string;
    email: string;
    balance: number;
    availableBalance: number;
    referenceCode: string;
  };
  monthlyInterest: number;
  /** ISO-8601 instant of the next interest credit. */
  nextInterestAt: string;
}

export type AdminTransactionType = 'add' | 'subtract';
/** What caused an admin balance change. */
export type AdminTransactionKind = 'adjustment' | 'deposit' | 'withdrawal';

export interface AccountActivityItem {
  id: number;
  type: AdminTransactionType;
  kind: AdminTransactionKind;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  adminName: string | null;
  note: string | null;
  createdAt: string;
}
export interface AccountActivityResponse {
  transactions: AccountActivityItem[];
}

export type WithdrawalStatus = 'pending' | 'processed' | 'completed' | 'cancelled';
/**
 * A withdrawal pending again after its approval (api-contract.md section 15): when, why (a code and
 * the sentence that says it), and that it needs a new approval. Null otherwise.
 */
export interface WithdrawalReturn {
  at: string;
  reason: WithdrawalReturnReason;
  message: string;
}
export interface WithdrawalItem {
  id: number;
  amount: number;
  status: WithdrawalStatus;
  requestedAt: string;
  /** the approval's instant (null while pending, also after a return for re-approval) */
  processedAt: string | null;
  completedAt?: string | null;
  returnedForReapproval?: WithdrawalReturn | null;
}
export interface WithdrawalsResponse {
  withdrawals: WithdrawalItem[];
}
export interface WithdrawalRequest {
  amount: number | string;
}
export interface WithdrawalResponse {
  withdrawal: WithdrawalItem;
}

export type DepositRequestStatus = 'pending' | 'confirmed' | 'cancelled';
export interface DepositRequestItem {
  id: number;
  amount: number;
  status: DepositRequestStatus;
  requestedAt: string;
  processedAt?: string | null;
}
export interface DepositRequestsResponse {
  depositRequests: DepositRequestItem[];
}
export interface DepositRequestCreate {
  amount: number | string;
}
export interface DepositRequestResponse {
  depositRequest: DepositRequestItem;
}

// ---- money command results (what the money-moving calls answer) ----
/** The account's balances after a command: a client reads its own write without another call. */
export interface AccountBalances {
  userId: number;
  balance: number;
  availableBalance: number;
  /** the account stream's version after the command */
  version: number;
}
/** POST /api/user/deposit-request, PATCH .../deposit-requests/{id}/edit, DELETE .../deposit-requests/{id} */
export interface DepositRequestResult {
  depositRequest: DepositRequestItem & { userId: number };
  account: AccountBalances;
}
/** POST /api/user/withdrawal and the admin withdrawal calls (approve, edit, delete). */
export interface WithdrawalResult {
  withdrawal: WithdrawalItem & { userId: number };
  account: AccountBalances;
}
export interface DepositItem {
  id: number;
  userId: number;
  amount: number;
  referenceCode: string;
  status: 'confirmed';
  note: string | null;
  depositRequestId: number | null;
  createdAt: string;
}
/** POST /api/admin/deposits/confirm */
export interface DepositResult {
  deposit: DepositItem;
  account: AccountBalances;
}
/** PATCH /api/admin/deposit-requests/{id}/confirm */
export interface ConfirmDepositRequestResult extends DepositRequestResult {
  deposit: DepositItem;
}
export interface BalanceAdjustmentItem {
  id: number;
  userId: number;
  adminId: number | null;
  type: AdminTransactionType;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  note: string | null;
  createdAt: string;
}
export interface AdjustBalanceResult {
  transaction: BalanceAdjustmentItem;
  account: AccountBalances;
}
/** PATCH /api/admin/users/{userId}/balance */
export interface AdjustBalanceResponse {
  user: PublicUser;
  transaction: BalanceAdjustmentItem;
}

export interface BankingDetailsRequest {
  beneficiaryName: string;
  iban: string;
  swift: string;
}
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type InterestPaymentStatus = 'paid' | 'pending';
export interface InterestPaymentItem {
  id: number;
  userId: number;
  /** Balance the interest was computed on. */
  balance: number;
  /** Daily rate as a fraction (0.07 / 365). */
  interestRate: number;
  interestAmount: number;
  /** The accrual date's 10:00 in APP_TIMEZONE, as an ISO instant. */
  paymentDate: string;
  status: InterestPaymentStatus;
}
export interface InterestPaymentsResponse {
  interestPayments: InterestPaymentItem[];
}

// ---- admin ----
export interface AdminUserItem {
  id: number;
  name: string;
  email: string;
  referenceCode: string;
  balance: number;
  availableBalance: number;
  monthlyInterest: number;
  beneficiaryName: string | null;
  iban: string | null;
  swift: string | null;
  role: Role;
  holderType: HolderType;
  legalName: string | null;
  registrationNumber: string | null;
  country: string | null;
  createdAt: string;
}
/** The columns the admin users list sorts by (GET /api/admin/users?sort=), in the table's order. */
export const ADMIN_USER_SORTS = ['id', 'name', 'email', 'referenceCode', 'balance', 'monthlyInterest'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export interface AdminUsersResponse {
  /** The requested page (?limit, ?offset), or every matching user without ?limit. */
  users: AdminUserItem[];
  /** The totals cover every user, whatever the page or search. */
  totalUsers: number;
  totalBalance: number;
  totalMonthlyInterest: number;
  /** Users matching ?q (every user without it): what the table pages through. */
  matchingUsers: number;
}
export interface AdminTransactionItem extends AccountActivityItem {
  userId: number;
  userName: string;
  adminId: number | null;
}
/**
 * The query string of the paged back-office lists (GET /api/admin/transactions, /withdrawals,
 * /deposit-requests): at most ADMIN_LIST_PAGE_SIZE items newest first, narrowed to one customer (by id
 * or by part of the name, e-mail or reference code) and, for requests, to one status.
 */
export interface AdminListParams {
  limit?: number;
  offset?: number;
  userId?: number;
  /** Case-insensitive part of the customer's name, e-mail or reference code. */
  q?: string;
}
export type AdminTransactionFilter = AdminTransactionKind | 'all';
export interface AdminTransactionsResponse {
  /** The requested page, newest first. */
  transactions: AdminTransactionItem[];
  /** Every transaction matching the filters: what the list pages through. */
  total: number;
}
export interface AdminWithdrawalItem {
  id: number;
  userId: number;
  status: WithdrawalStatus;
  amount: number;
  userName: string;
  userEmail: string;
  requestedAt: string;
  processedAt: string | null;
  completedAt?: string | null;
  userBeneficiary: string | null;
  userIban: string | null;
  /** The customer's SWIFT/BIC, shown with the banking details before an approval. */
  userSwift?: string | null;
  /**
   * Set while the customer's banking details are in their cooling-off (changed within
   * BANKING_COOLDOWN_HOURS): approval is refused until this instant (ISO-8601).
   */
  approvableAfter?: string | null;
  /** pending again after an approval, because the banking details changed (api-contract.md section 15) */
  returnedForReapproval?: WithdrawalReturn | null;
}
export type WithdrawalFilter = WithdrawalStatus | 'all';
export interface AdminWithdrawalsResponse {
  /** The requested page, newest first. */
  withdrawals: AdminWithdrawalItem[];
  /** Every withdrawal matching the filters. */
  total: number;
}
export interface AdminDepositRequestItem {
  id: number;
  userId: number;
  status: DepositRequestStatus;
  amount: number;
  userName: string;
  userEmail: string;
  requestedAt: string;
  processedAt?: string | null;
  /** The reference code the customer's transfer quotes, shown before a confirmation. */
  userReferenceCode?: string;
}
export type DepositRequestFilter = DepositRequestStatus | 'all';
export interface AdminDepositRequestsResponse {
  /** The requested page, newest first. */
  depositRequests: AdminDepositRequestItem[];
  /** Every deposit request matching the filters. */
  total: number;
}
export type BalanceOperation = 'add' | 'subtract';
export interface AdjustBalanceRequest {
  amount: number | string;
  operation: BalanceOperation;
  note?: string;
}
export interface ConfirmDepositRequest {
  userId: number;
  amount: number | string;
  note?: string;
}
export interface ConfirmDepositRequestRequest {
  note?: string;
}
export interface EditAmountRequest {
  amount: number | string;
}

/** One day of the investor's charts (days of APP_TIMEZONE, oldest first). */
export interface InvestorDailyPoint {
  /** YYYY-MM-DD */
  date: string;
  /** The balance at the end of the day. */
  balance: number;
  /** Interest credited for the day. */
  interest: number;
}
export interface InvestorDailyResponse {
  days: InvestorDailyPoint[];
}
/** One day of the back office's charts. */
export interface PlatformDailyPoint {
  date: string;
  /** Every customer balance added up, at the end of the day. */
  totalBalance: number;
  /** Deposits confirmed that day (direct and from requests). */
  deposits: number;
  /** Withdrawals approved that day (the day they left the balances). */
  withdrawals: number;
  interest: number;
}
export interface PlatformDailyResponse {
  days: PlatformDailyPoint[];
}

export type NotificationType = 'deposit_request' | 'withdrawal_request' | 'approval_request' | 'withdrawal_returned';
export interface AdminNotificationItem {
  id: number;
  type: NotificationType;
  message: string;
  userId: number;
  relatedId: number;
  isRead: boolean;
  createdAt: string;
}
export interface AdminNotificationsResponse {
  notifications: AdminNotificationItem[];
  unread: number;
}

// ---- blog ----
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Comma-separated. */
  keywords: string | null;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface BlogPostWrite {
  title: string;
  slug?: string;
  excerpt: string;
  content: string;
  featuredImage?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  keywords?: string | null;
  published?: boolean;
}

// ---- payouts (monthly withdrawal files, GET /api/admin/payouts) ----
/** A payout file as the monthly job issued it; its CSV and XML are served at /api/admin/payouts/{id}/csv|xml. */
export interface PayoutFileView {
  id: number;
  payoutDate: string;
  withdrawalCount: number;
  total: number;
  /** the exact total in cents */
  totalCents: string;
  createdAt: string;
  /** SHA-256 (hex) of each file's bytes, as its ledger event records them and the download's ETag carries */
  sha256: { csv: string; xml: string };
}
export interface PayoutFilesResponse {
  payoutFiles: PayoutFileView[];
}

// ---- audit ----
export interface AuditEvent {
  seq: number;
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  occurredAt: string;
  recordedAt: string;
  hash: string;
  prevHash: string;
}
export interface AuditEventsResponse {
  events: AuditEvent[];
  nextAfter: number | null;
}
/** An event of the log with the block that seals it (null while not sealed yet). */
export interface AuditLogEvent extends AuditEvent {
  block: number | null;
}
export interface AuditLogResponse {
  events: AuditLogEvent[];
  nextAfter: number | null;
  /** The highest seq in the log when the page was read (0 for an empty log). */
  lastSeq: number;
}
export interface AuditBalanceResponse {
  userId: number;
  /** The instant asked for, or null: now. */
  asOf: string | null;
  balance: number;
  /** Exact cents as a decimal integer string. */
  balanceCents: string;
}
export type VerifyRunStatus = 'queued' | 'running' | 'completed' | 'failed';
export interface VerifyRunProgress {
  /** What verify is doing now, in words. */
  stage: string;
  /** Events of the log read so far by the current pass, and how many the log has. */
  eventsRead: number;
  eventsTotal: number;
}
export interface VerifyRun {
  id: string;
  status: VerifyRunStatus;
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: VerifyRunProgress | null;
  /** The report once the run completed. */
  report: VerifyReport | null;
  /** One sentence when the run could not complete. */
  error: string | null;
}
export interface VerifyRunResponse {
  run: VerifyRun;
}
export interface VerifyRunsResponse {
  runs: VerifyRun[];
}

// ---- statements ----
export interface StatementMonthItem {
  /** YYYY-MM in the platform time zone. */
  month: string;
  opening: number;
  closing: number;
  /** Money in and money out during the month (both positive). */
  credits: number;
  debits: number;
}
export interface StatementMonthsResponse {
  months: StatementMonthItem[];
}
export interface VerifyCheck {
  name: string;
  ok: boolean;
  checked: number;
  detail: string;
  firstBadSeq?: number | null;
}
export interface VerifyReport {
  ok: boolean;
  checks: VerifyCheck[];
}

export interface HealthResponse {
  status: 'ok' | 'error';
  details: Record<string, { status: 'up' | 'down'; message?: string }>;
}

/** Four eyes (api-contract.md section 9): what an approval asks for, and where it stands (the domain's). */
export type { ApprovalKind, ApprovalStatus } from '@savings/domain';

/** An admin money move at or above the four-eyes threshold, waiting for (or decided by) a second admin. */
export interface ApprovalItem {
  id: number;
  kind: ApprovalKind;
  status: ApprovalStatus;
  amount: number;
  userId: number;
  userName: string;
  requestedBy: number;
  requestedByName: string;
  requestedAt: string;
  note: string | null;
  /** the deposit request or withdrawal it decides, if any */
  depositRequestId: number | null;
  withdrawalId: number | null;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: string | null;
  /** a rejection's reason, or why it became void (edited, deleted, decided) */
  reason: string | null;
}

/** 202 of an admin money move that needs a second admin; an Idempotency-Key repeat answers the same. */
export interface ApprovalPendingResult {
  approval: ApprovalItem;
}

export function isApprovalPending(result: unknown): result is ApprovalPendingResult {
  return typeof result === 'object' && result !== null && 'approval' in result;
}

export interface ApprovalsResponse {
  approvals: ApprovalItem[];
  /** FOUR_EYES_THRESHOLD in USD: admin money moves at or above it need a second admin; null when off */
  fourEyesThreshold: number | null;
}

/** POST /api/admin/approvals/{id}/approve or /reject. */
export interface ApprovalDecisionResult {
  approval: ApprovalItem;
}

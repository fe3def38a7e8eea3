import { MAX_AMOUNT_CENTS, MIN_DEPOSIT_CENTS, MIN_WITHDRAWAL_CENTS } from '@savings/domain';

/**
 * Business constants of the product (product.md section 9), imported by web and server. The money
 * limits are the domain's (libs/domain/src/account/limits.ts), here in whole dollars for forms.
 */
export const CURRENCY = 'USD';
export const ANNUAL_INTEREST_RATE = 0.07;
/** Display only: the server's arithmetic uses the exact fraction 7/36500 (libs/domain). */
export const DAILY_INTEREST_RATE_DISPLAY = 0.00019178083;
export const DAILY_INTEREST_PERCENT_TEXT = '0.019178%';
export const MIN_DEPOSIT = Number(MIN_DEPOSIT_CENTS / 100n);
export const MIN_WITHDRAWAL = Number(MIN_WITHDRAWAL_CENTS / 100n);
export const MAX_AMOUNT = Number(MAX_AMOUNT_CENTS / 100n);
/** The largest id a path or body may name (contract section 8): ids are written as plain decimals up to this. */
export const MAX_ID = 2_147_483_647;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const DASHBOARD_DEPOSIT_REQUESTS = 5;
export const INTEREST_HISTORY_PAGE_SIZE = 20;
export const LAST_DAYS_WINDOW = 30;
export const ADMIN_REFETCH_MS = 30_000;
/** Rows per page of the admin users table: 10,000 users are never sent to the browser at once. */
export const ADMIN_USERS_PAGE_SIZE = 50;
/** Most items one page of the other back-office lists (transactions, withdrawals, deposit requests) holds. */
export const ADMIN_LIST_PAGE_SIZE = 50;
/** Days the charts of the dashboard, the interest history and the back office cover. */
export const CHART_DAYS = 90;
export const INSURANCE_COVER = 150_000_000;
export const COMPARISON_BANK_RATE = 0.001;
export const BLOG_WORDS_PER_MINUTE = 200;
export const BLOG_CARD_KEYWORDS = 4;
export const TOAST_DURATION_MS = 5000;

/** Deposit instructions shown to customers. Overridable on the server later; fixed demo values now. */
export const DEPOSIT_BANK = {
  beneficiary: 'Savings Platform Ltd',
  iban: 'GB33BUKB20201555555555',
  swift: 'BUKBGB22',
} as const;

/** The operator as public pages and documents (statements, certificates, the overview PDF) name it. */
export const OPERATOR = {
  company: 'Savings Platform Ltd',
  office: 'Road Town, Tortola, British Virgin Islands',
  email: 'info@savingsplatform.example',
} as const;

import type { Cents } from '../money/money';

/** The money limits of an account (product.md section 9, api-contract.md sections 2 and 8), in cents. */
export const MIN_DEPOSIT_CENTS: Cents = 1_000_00n;
export const MIN_WITHDRAWAL_CENTS: Cents = 1_000_00n;
/** The largest amount a request may name, and the largest balance an account may hold. */
export const MAX_AMOUNT_CENTS: Cents = 1_000_000_000_000_00n;
export const MAX_BALANCE_CENTS: Cents = 1_000_000_000_000_00n;
/** Open requests one customer may have at once: one more is refused (409). */
export const MAX_PENDING_DEPOSIT_REQUESTS = 5;
export const MAX_PENDING_WITHDRAWALS = 5;

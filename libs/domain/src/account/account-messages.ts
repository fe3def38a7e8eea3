import { formatUsd } from '../money/money';
import { MAX_BALANCE_CENTS, MAX_PENDING_DEPOSIT_REQUESTS, MAX_PENDING_WITHDRAWALS } from './limits';

/**
 * The words of the account's refusals. The web shows the same texts for its own checks: it reads them
 * through @savings/contracts, which re-exports these (product.md section 5 for the first five).
 */
export const AccountMessages = {
  minDeposit: 'Minimum deposit amount is $1,000',
  minWithdrawal: 'Minimum withdrawal amount is $1,000',
  saveBankingFirst: 'Please save your banking details above before requesting a withdrawal',
  bankingRequiredToApprove: 'Banking details required to approve',
  invalidAmount: 'Amount must be a positive number with at most 2 decimal places, up to 1,000,000,000,000',
  balanceCeiling: `A balance may not exceed ${formatUsd(MAX_BALANCE_CENTS)}`,
  tooManyDepositRequests: `You already have ${MAX_PENDING_DEPOSIT_REQUESTS} pending deposit requests`,
  tooManyWithdrawals: `You already have ${MAX_PENDING_WITHDRAWALS} pending withdrawals`,
};

/** A withdrawal (or its edit) above what is available; the amount formatted as USD ("$1,500.00"). */
export function amountExceedsAvailable(formattedBalance: string): string {
  return `Amount cannot exceed your available balance of ${formattedBalance}`;
}

/** An admin subtraction above what is available; the amount formatted as USD. */
export function subtractionExceedsAvailable(formattedBalance: string): string {
  return `Amount cannot exceed the available balance of ${formattedBalance}`;
}

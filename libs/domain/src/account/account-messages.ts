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
  payoutDetailsDiffer: 'This withdrawal was approved for other banking details; it needs a new approval',
};

/** A withdrawal (or its edit) above what is available; the amount formatted as USD ("$1,500.00"). */
export function amountExceedsAvailable(formattedBalance: string): string {
  return `Amount cannot exceed your available balance of ${formattedBalance}`;
}

/** An admin subtraction above what is available; the amount formatted as USD. */
export function subtractionExceedsAvailable(formattedBalance: string): string {
  return `Amount cannot exceed the available balance of ${formattedBalance}`;
}

/**
 * The instant a cooling-off ends, as the refusal names it: UTC to the minute, rounded up so that
 * "after" it is always true ("2026-11-26 14:03 UTC").
 */
export function coolingOffTime(untilIso: string): string {
  const minute = 60_000;
  const rounded = new Date(Math.ceil(new Date(untilIso).getTime() / minute) * minute);
  return `${rounded.toISOString().slice(0, 10)} ${rounded.toISOString().slice(11, 16)} UTC`;
}

/** Approving a withdrawal to banking details changed within the cooling-off (api-contract.md section 14). */
export function bankingCoolingOff(untilIso: string): string {
  return `Banking details changed recently; approval possible after ${coolingOffTime(untilIso)}`;
}

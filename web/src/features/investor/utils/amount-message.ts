import {
  amountExceedsAvailable,
  formatUsd,
  Messages,
  MIN_DEPOSIT,
  MIN_WITHDRAWAL,
  parseAmountInput,
} from '@savings/contracts';

/**
 * Why a typed amount (already at least the minimum) is refused, in words a customer can act on:
 * "1000.005" has too many decimals; anything else breaks the general rule.
 */
export function amountProblem(text: string): string | null {
  if (parseAmountInput(text) !== null) return null;
  return /^\d+\.\d{3,}$/.test(text) ? Messages.amountDecimals : Messages.invalidAmount;
}

/**
 * The client check mirrors the server's (product.md section 5, api-contract.md section 15: the amount
 * is sent as typed, so " 1000" or "01000" get the server's message before sending); the server stays
 * the authority.
 */
export function validateDepositAmount(value: string): string | null {
  if (value.trim() === '' || Number(value) < MIN_DEPOSIT) return Messages.minDeposit;
  return amountProblem(value);
}

/** As validateDepositAmount: the amount as typed, by the server's rule (api-contract.md section 15). */
export function validateWithdrawalAmount(value: string, available: number): string | null {
  if (value.trim() === '' || Number(value) < MIN_WITHDRAWAL) return Messages.minWithdrawal;
  const problem = amountProblem(value);
  if (problem) return problem;
  const amount = parseAmountInput(value) as string;
  if (Number(amount) > available) return amountExceedsAvailable(formatUsd(available));
  return null;
}

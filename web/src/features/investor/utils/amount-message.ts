import { Messages, parseAmountInput } from '@savings/contracts';

/**
 * Why a typed amount (already at least the minimum) is refused, in words a customer can act on:
 * "1000.005" has too many decimals; anything else breaks the general rule.
 */
export function amountProblem(text: string): string | null {
  if (parseAmountInput(text) !== null) return null;
  return /^\d+\.\d{3,}$/.test(text.trim()) ? Messages.amountDecimals : Messages.invalidAmount;
}

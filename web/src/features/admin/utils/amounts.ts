import { MIN_DEPOSIT, MIN_WITHDRAWAL, parseAmountInput } from '@savings/contracts';

/**
 * An amount the edit dialogs accept: valid money and at least 1000, the minimum of both withdrawals
 * and deposit requests (product.md section 5); null otherwise.
 */
export function editableAmount(value: string): string | null {
  const parsed = parseAmountInput(value);
  return parsed !== null && Number(parsed) >= Math.max(MIN_WITHDRAWAL, MIN_DEPOSIT) ? parsed : null;
}

import { ANNUAL_INTEREST_RATE, CURRENCY } from '@savings/contracts';

/** The pension typed in the calculator, or null when it is empty, not a number, or not above 0. */
export function parsePension(input: string): number | null {
  if (input.trim() === '') return null;
  const value = Number(input);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The capital whose 7% a year pays the pension: monthly pension x 12 / 0.07 (product.md section 9). */
export function requiredCapital(monthlyPension: number): number {
  return (monthlyPension * 12) / ANNUAL_INTEREST_RATE;
}

/**
 * USD as the page's language writes it ("$857,143" in English, "857.143 $" in Italian), with cents only
 * when the amount has them (a pension of 1,234.50 keeps its cents) or `whole` says none.
 */
export function formatAmount(amount: number, locale = 'en', whole = false): string {
  const digits = whole || Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    // "$", not "USD" or "US$": the pages write amounts as "1.000 $"
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

export interface RetirementResult {
  monthlyPension: number;
  annualIncome: number;
  requiredCapital: number;
}

export function computeRetirement(monthlyPension: number): RetirementResult {
  return {
    monthlyPension,
    annualIncome: monthlyPension * 12,
    requiredCapital: requiredCapital(monthlyPension),
  };
}

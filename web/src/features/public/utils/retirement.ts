import { ANNUAL_INTEREST_RATE, formatUsd, formatUsdWhole } from '@savings/contracts';

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

/** USD without cents for whole amounts, with cents otherwise (a pension of 1,234.50 keeps its cents). */
export function formatPensionAmount(amount: number): string {
  return Number.isInteger(amount) ? formatUsdWhole(amount) : formatUsd(amount);
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

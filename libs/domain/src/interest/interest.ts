import type { Cents } from '../money/money';

/**
 * Daily interest, exact (api-contract.md section 4): the daily rate is exactly 7/36500. The exact
 * amount owed today in cents is balance*7/36500 plus yesterday's remainder; the remainder is kept as
 * an integer numerator over 36500 (0 <= carry < 36500), so rounding neither creates nor loses money.
 * This is the one implementation: the single-account decider and the set-based batch both call it.
 */
export const DAILY_RATE_NUMERATOR = 7n;
export const DAILY_RATE_DENOMINATOR = 36500n;
/** 7/36500 to 12 places, for the interest_payments.interest_rate column and display. */
export const DAILY_RATE_DECIMAL = '0.000191780822';

export interface InterestAccrual {
  /** balance*7 + carryBefore: the exact owed amount in cents is numerator / 36500. */
  numerator: bigint;
  creditedCents: Cents;
  carryBefore: number;
  carryAfter: number;
}

export function accrueDailyInterest(balanceCents: Cents, carryBefore: number): InterestAccrual {
  if (balanceCents < 0n) throw new RangeError('balance must not be negative');
  if (!Number.isInteger(carryBefore) || carryBefore < 0 || carryBefore >= Number(DAILY_RATE_DENOMINATOR)) {
    throw new RangeError('carry must be an integer in [0, 36500)');
  }
  const numerator = balanceCents * DAILY_RATE_NUMERATOR + BigInt(carryBefore);
  return {
    numerator,
    creditedCents: numerator / DAILY_RATE_DENOMINATOR,
    carryBefore,
    carryAfter: Number(numerator % DAILY_RATE_DENOMINATOR),
  };
}

/** Whether an account earns anything on this date: a balance, or a remainder still to pay out. */
export function accrues(balanceCents: Cents, carry: number): boolean {
  return balanceCents > 0n || carry > 0;
}

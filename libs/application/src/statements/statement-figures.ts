import type { HolderType } from '@savings/contracts';
import { monthsBetween, statementMonthOf } from './statement-period';

/**
 * The figures of statements and interest certificates, as pure functions of what the ledger says:
 * an opening balance at a period's first instant and the balance changes effective within it. Exact
 * cents (bigint) throughout; nothing here reads a clock or a database.
 */

export type MovementType = 'deposit' | 'withdrawal' | 'adjustment' | 'interest' | 'other';

/** One event's change of the customer's balance (minus its liability postings), as the ledger has it. */
export interface LedgerMovement {
  seq: string;
  /** effective time (occurred_at) */
  at: Date;
  eventType: string;
  payload: Record<string, unknown>;
  amountCents: bigint;
}

export interface StatementLine {
  seq: string;
  at: Date;
  type: MovementType;
  description: string;
  amountCents: bigint;
  balanceAfterCents: bigint;
}

export interface StatementHolder {
  userId: number;
  /** the person; for a business, its representative */
  name: string;
  email: string;
  referenceCode: string;
  holderType: HolderType;
  /** a business only: the documents name it by its legal name, with its registration */
  legalName: string | null;
  registrationNumber: string | null;
  country: string | null;
}

export interface MonthlyStatement {
  holder: StatementHolder;
  month: string;
  timeZone: string;
  /** the month's first instant (the opening balance is the balance at it) */
  from: Date;
  /** the next month's first instant, or now for the current month (the closing balance is the balance at it) */
  to: Date;
  current: boolean;
  openingCents: bigint;
  closingCents: bigint;
  creditsCents: bigint;
  debitsCents: bigint;
  lines: StatementLine[];
  generatedAt: Date;
}

export interface MonthSummary {
  month: string;
  openingCents: bigint;
  closingCents: bigint;
  creditsCents: bigint;
  debitsCents: bigint;
}

export interface InterestCertificate {
  holder: StatementHolder;
  year: number;
  timeZone: string;
  from: Date;
  to: Date;
  current: boolean;
  openingCents: bigint;
  closingCents: bigint;
  months: { month: string; interestCents: bigint; credits: number }[];
  totalInterestCents: bigint;
  generatedAt: Date;
}

/** A note of a payload; an empty one reads as none where it is used (a falsy string). */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What a statement line says about an event: its kind and a sentence a customer understands. */
export function describeMovement(
  eventType: string,
  payload: Record<string, unknown>,
): {
  type: MovementType;
  description: string;
} {
  switch (eventType) {
    case 'DepositConfirmed': {
      const request = payload.depositRequestId;
      const base = request === null || request === undefined ? 'Deposit' : `Deposit (request #${String(request)})`;
      const note = text(payload.note);
      return { type: 'deposit', description: note ? `${base}: ${note}` : base };
    }
    case 'WithdrawalApproved':
      return { type: 'withdrawal', description: `Withdrawal #${String(payload.withdrawalId)}` };
    case 'WithdrawalReturnedForReapproval':
      return {
        type: 'withdrawal',
        description: `Withdrawal #${String(payload.withdrawalId)} back to pending (needs a new approval)`,
      };
    case 'BalanceAdjusted': {
      const note = text(payload.note);
      return { type: 'adjustment', description: note ? `Balance adjustment: ${note}` : 'Balance adjustment' };
    }
    case 'InterestAccrued':
      return { type: 'interest', description: `Interest for ${String(payload.accrualDate)} (7% a year)` };
    default:
      return { type: 'other', description: eventType };
  }
}

function totals(movements: readonly { amountCents: bigint }[]): { credits: bigint; debits: bigint; net: bigint } {
  let credits = 0n;
  let debits = 0n;
  for (const { amountCents } of movements) {
    // Stryker disable next-line EqualityOperator: a zero movement adds 0 to either sum
    if (amountCents >= 0n) credits += amountCents;
    else debits -= amountCents;
  }
  return { credits, debits, net: credits - debits };
}

/** A month's statement: the opening, each movement in effective order with the balance after it, the closing. */
export function buildMonthlyStatement(input: {
  holder: StatementHolder;
  month: string;
  timeZone: string;
  from: Date;
  to: Date;
  current: boolean;
  openingCents: bigint;
  movements: readonly LedgerMovement[];
  generatedAt: Date;
}): MonthlyStatement {
  let balance = input.openingCents;
  const lines = input.movements.map((movement): StatementLine => {
    balance += movement.amountCents;
    return {
      seq: movement.seq,
      at: movement.at,
      ...describeMovement(movement.eventType, movement.payload),
      amountCents: movement.amountCents,
      balanceAfterCents: balance,
    };
  });
  const { credits, debits } = totals(input.movements);
  return {
    holder: input.holder,
    month: input.month,
    timeZone: input.timeZone,
    from: input.from,
    to: input.to,
    current: input.current,
    openingCents: input.openingCents,
    closingCents: balance,
    creditsCents: credits,
    debitsCents: debits,
    lines,
    generatedAt: input.generatedAt,
  };
}

/**
 * Every month from `firstMonth` to `lastMonth` with its opening, closing, credits and debits, folded
 * from the account's movements in effective order (all of them up to the end of `lastMonth`). Months
 * without movements carry the balance over.
 */
export function summarizeMonths(
  movements: readonly { at: Date; amountCents: bigint }[],
  firstMonth: string,
  lastMonth: string,
  timeZone: string,
): MonthSummary[] {
  const byMonth = new Map<string, { amountCents: bigint }[]>();
  let before = 0n;
  for (const movement of movements) {
    const month = statementMonthOf(movement.at, timeZone);
    if (month < firstMonth) {
      before += movement.amountCents;
      continue;
    }
    // Stryker disable next-line ConditionalExpression: later months are never read; skipping them saves work
    if (month > lastMonth) continue;
    const list = byMonth.get(month) ?? [];
    list.push(movement);
    byMonth.set(month, list);
  }
  let balance = before;
  return monthsBetween(firstMonth, lastMonth).map((month) => {
    const { credits, debits, net } = totals(byMonth.get(month) ?? []);
    const openingCents = balance;
    balance += net;
    return { month, openingCents, closingCents: balance, creditsCents: credits, debitsCents: debits };
  });
}

/** The year's interest per month and in total, with the balances at the year's edges. */
export function buildInterestCertificate(input: {
  holder: StatementHolder;
  year: number;
  timeZone: string;
  from: Date;
  to: Date;
  current: boolean;
  /** the months of the year the account existed in, up to the current one */
  months: readonly string[];
  openingCents: bigint;
  /** every movement effective in (from, to] */
  movements: readonly LedgerMovement[];
  generatedAt: Date;
}): InterestCertificate {
  const interest = new Map<string, { cents: bigint; credits: number }>(
    input.months.map((month) => [month, { cents: 0n, credits: 0 }]),
  );
  let closing = input.openingCents;
  for (const movement of input.movements) {
    closing += movement.amountCents;
    if (movement.eventType !== 'InterestAccrued') continue;
    const month = interest.get(statementMonthOf(movement.at, input.timeZone));
    if (!month) continue;
    month.cents += movement.amountCents;
    month.credits += 1;
  }
  const months = [...interest].map(([month, { cents, credits }]) => ({ month, interestCents: cents, credits }));
  return {
    holder: input.holder,
    year: input.year,
    timeZone: input.timeZone,
    from: input.from,
    to: input.to,
    current: input.current,
    openingCents: input.openingCents,
    closingCents: closing,
    months,
    totalInterestCents: months.reduce((sum, month) => sum + month.interestCents, 0n),
    generatedAt: input.generatedAt,
  };
}

/** 123456789n -> "1,234,567.89" (negative amounts keep their sign). */
export function formatCentsGrouped(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  // Stryker disable next-line EqualityOperator: -0n is 0n, so the absolute value of zero is the same either way
  const abs = cents < 0n ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100n).padStart(2, '0')}`;
}

import { DomainError } from '../shared/domain-error';

/**
 * Exact money, the one conversion module of the code base: integer cents as BigInt. Amounts enter as
 * canonical decimal strings ("1000.00", from parseAmountInput in @savings/contracts) or as cents text
 * read from the database and event payloads, and leave as decimal strings or, only for JSON output,
 * numbers. JavaScript floating point never touches a stored amount.
 */
export type Cents = bigint;

const CANONICAL = /^(\d{1,16})(?:\.(\d{1,2}))?$/;
const CENTS_TEXT = /^-?\d{1,19}$/;

/** "1000.5" | "1000.50" -> 100050n; throws an 'invalid' DomainError on anything else. */
export function parse(text: string): Cents {
  const match = CANONICAL.exec(text.trim());
  if (!match) throw new DomainError('MONEY.INVALID', 'invalid', `"${text}" is not an amount`);
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** 100050n -> "1000.50"; negative amounts keep their sign. */
export function format(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** 100050n -> "$1,000.50", exact (the words of the domain's messages; the web formats JSON numbers). */
export function formatUsd(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  const whole = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100n).padStart(2, '0')}`;
}

/** For JSON responses only: the nearest double of an exact two-decimal amount (cents or cents text). */
export function toJsonNumber(cents: Cents | string): number {
  return Number(format(typeof cents === 'string' ? fromCentsText(cents) : cents));
}

/** Cents stored as text (event payloads, bigint columns read by pg) -> BigInt; throws on anything else. */
export function fromCentsText(text: string | number | bigint): Cents {
  if (typeof text === 'bigint') return text;
  const value = String(text);
  if (!CENTS_TEXT.test(value)) throw new DomainError('MONEY.INVALID', 'invalid', `"${value}" is not a cents amount`);
  return BigInt(value);
}

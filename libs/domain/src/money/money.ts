import { DomainError } from '../shared/domain-error';

/**
 * Exact money: integer cents as BigInt. Amounts enter as canonical decimal strings ("1000.00", from
 * parseAmountInput in @savings/contracts) and leave as strings or, only for JSON output, numbers.
 * JavaScript floating point never touches a stored amount.
 */
export type Cents = bigint;

const CANONICAL = /^(\d{1,16})(?:\.(\d{1,2}))?$/;

export const Money = {
  /** "1000.5" | "1000.50" -> 100050n; throws an 'invalid' DomainError on anything else. */
  parse(text: string): Cents {
    const match = CANONICAL.exec(text.trim());
    if (!match) throw new DomainError('MONEY.INVALID', 'invalid', `"${text}" is not an amount`);
    return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  },

  /** 100050n -> "1000.50"; negative amounts keep their sign. */
  format(cents: Cents): string {
    const sign = cents < 0n ? '-' : '';
    const abs = cents < 0n ? -cents : cents;
    return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  },

  /** For JSON responses only: the nearest double of an exact two-decimal amount. */
  toJsonNumber(cents: Cents): number {
    return Number(Money.format(cents));
  },

  /** Cents stored as text (event payloads, bigint columns read by pg) -> BigInt. */
  fromCentsText(text: string | number | bigint): Cents {
    return BigInt(text);
  },

  add(a: Cents, b: Cents): Cents {
    return a + b;
  },

  sub(a: Cents, b: Cents): Cents {
    return a - b;
  },

  compare(a: Cents, b: Cents): -1 | 0 | 1 {
    return a < b ? -1 : a > b ? 1 : 0;
  },

  min(a: Cents, b: Cents): Cents {
    return a < b ? a : b;
  },
} as const;

import { createHash } from 'node:crypto';

/**
 * A bank statement as the parsers read it (camt.053 or the documented CSV), before matching. Pure
 * data: no framework, no database. One entry is one line of the statement screen; a batch entry with
 * several transactions becomes one entry per transaction.
 */
export interface StatementEntry {
  /** What makes the entry known across imports: the bank's reference, else a hash of its content. */
  key: string;
  /** YYYY-MM-DD, or null when the bank gave none */
  bookingDate: string | null;
  /** always positive; `direction` says which way */
  amountCents: bigint;
  currency: string;
  direction: 'credit' | 'debit';
  /** false for pending or information-only entries (camt.053 `Sts` other than BOOK) */
  booked: boolean;
  /** camt.053 `RvslInd`: the bank reverses an earlier entry */
  reversal: boolean;
  /** every remittance text of the entry (Ustrd, Strd references and additional information), joined */
  remittance: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** pain.001 EndToEndId echoed by the bank (payout debits), when given */
  endToEndId: string | null;
  /** where the entry sits in the file, for messages ("line 12" or "Ntry 3") */
  position: string;
}

export interface ParsedStatement {
  /** `camt.053.001.02` ... `camt.053.001.08`, or `csv` */
  format: string;
  accountIban: string | null;
  /** YYYY-MM-DD: the statement's period, else the first and last booking dates */
  from: string | null;
  to: string | null;
  entries: StatementEntry[];
}

/** A file refused as a whole; the message names the line or element at fault. */
export class StatementFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementFormatError';
  }
}

/** The largest statement accepted (api-contract.md section 11). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
/** Amounts above this (USD 1,000,000,000,000) are refused, as everywhere else. */
const MAX_AMOUNT_CENTS = 100_000_000_000_000n;
const AMOUNT = /^(\d{1,15})(?:\.(\d{1,5}))?$/;

/**
 * An ISO 20022 or CSV amount ("1000", "1000.5", "1000.50000") as exact cents; null when it is not a
 * positive amount of whole cents.
 */
export function parseStatementAmount(text: string): bigint | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return null; // a fraction of a cent
  const cents = BigInt(match[1]) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return cents > 0n && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The date part of an ISO date or date-time, when it is a real date. */
export function parseStatementDate(text: string): string | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d)
    ? `${y}-${m}-${d}`
    : null;
}

/** Keys of entries the bank names with a reference, scoped by the account (references are per account). */
export function referenceKey(accountIban: string | null, reference: string): string {
  return `ref:${accountIban ?? ''}:${reference}`;
}

/**
 * The key of an entry without a bank reference: a hash of its date, amount, direction, currency,
 * remittance and counterparty. `occurrence` tells two identical entries of one file apart (two equal
 * transfers on one day), so re-importing the file finds both again.
 */
export function contentKey(
  accountIban: string | null,
  entry: Pick<StatementEntry, 'bookingDate' | 'amountCents' | 'currency' | 'direction' | 'remittance'> & {
    counterpartyName: string | null;
    counterpartyIban: string | null;
  },
  occurrence: number,
): string {
  const digest = createHash('sha256')
    .update(
      [
        accountIban ?? '',
        entry.bookingDate ?? '',
        String(entry.amountCents),
        entry.currency,
        entry.direction,
        entry.remittance,
        entry.counterpartyName ?? '',
        entry.counterpartyIban ?? '',
      ].join('\u001f'),
    )
    .digest('hex');
  return `hash:${digest}:${occurrence}`;
}

/** Gives entries without a bank reference their content key, counting identical ones in order. */
export function assignContentKeys(
  accountIban: string | null,
  entries: (Omit<StatementEntry, 'key'> & { reference: string | null })[],
): StatementEntry[] {
  const seen = new Map<string, number>();
  return entries.map(({ reference, ...entry }) => {
    if (reference) return { ...entry, key: referenceKey(accountIban, reference) };
    const base = contentKey(accountIban, entry, 0);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { ...entry, key: occurrence === 1 ? base : contentKey(accountIban, entry, occurrence - 1) };
  });
}

/** The period of a statement from its entries, when the file states none. */
export function periodOf(entries: readonly StatementEntry[]): { from: string | null; to: string | null } {
  const dates = entries.map((entry) => entry.bookingDate).filter((date): date is string => date !== null);
  if (dates.length === 0) return { from: null, to: null };
  dates.sort();
  return { from: dates[0], to: dates[dates.length - 1] };
}

/** Text of a statement field as stored: control characters out, spaces folded, at most `max` characters. */
export function cleanText(value: string, max = 500): string {
  const clean = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // cut by characters, not UTF-16 units, so no emoji is split in half (only long texts need the array)
  return clean.length <= max ? clean : Array.from(clean).slice(0, max).join('');
}

import { createHash } from 'node:crypto';
import type { SeqKeyedChange } from './replay';

/**
 * The seq-keyed read models (deposits, admin transactions, interest payments) of a log page as one
 * text per table, written here from the replay's rows and by PostgreSQL from the stored rows
 * (STORED_PAGE_COLUMNS): `ledger verify` compares the two texts (their SHA-256: only 64 characters
 * travel and nothing of a page is kept) instead of loading a million replayed rows into temporary
 * tables and comparing them with EXCEPT (ADR 0010).
 *
 * The encoding is injective on the stored side, so equal texts mean equal rows (what EXCEPT would
 * find): integers in decimal, NULL as `NULL`, text as quote_literal quotes it, timestamps as the hex of
 * their binary value (exact to the microsecond, independent of DateStyle and TimeZone), dates as days
 * since 2000-01-01, numerics with trailing zeros trimmed. A replayed value not in the form PostgreSQL
 * would print (a date `2030-1-5`, a rate `1e-4`, a control character it escapes differently) only makes
 * the texts differ: verify then compares that page exactly (its rows into the temporary table, EXCEPT
 * over the page's seqs), so a difference of form is never reported as one of content.
 */
export const SEQ_KEYED_TABLES = ['deposits', 'adminTransactions', 'interestPayments'] as const;

export type SeqKeyedTable = (typeof SEQ_KEYED_TABLES)[number];

/** The stored side: each table's columns as the text of one line, in the order the encoders write them. */
export const STORED_PAGE_COLUMNS: Record<SeqKeyedTable, string> = {
  deposits: `id, user_id, amount_cents, quote_literal(reference_code), quote_literal(status), quote_nullable(note),
    coalesce(deposit_request_id::text, 'NULL'), encode(timestamptz_send(created_at), 'hex'),
    coalesce(bank_statement_line_id::text, 'NULL')`,
  adminTransactions: `id, user_id, coalesce(admin_id::text, 'NULL'), quote_literal(kind), quote_literal(type),
    amount_cents, balance_before_cents, balance_after_cents, quote_nullable(note), encode(timestamptz_send(created_at), 'hex')`,
  interestPayments: `id, user_id, accrual_date - date '2000-01-01', balance_cents, trim_scale(interest_rate),
    interest_cents, encode(timestamptz_send(payment_date), 'hex'), quote_literal(status)`,
};

const NEEDS_DOUBLING = /['\\]/;

/** quote_nullable: NULL bare; else in quotes, quotes and backslashes doubled, E-prefixed if it has a backslash. */
export function quotedText(text: string | null): string {
  if (text === null) return 'NULL';
  if (!NEEDS_DOUBLING.test(text)) return `'${text}'`;
  const body = text.replace(/['\\]/g, '$&$&');
  return text.includes('\\') ? `E'${body}'` : `'${body}'`;
}

const nullable = (value: string | number | null): string => (value === null ? 'NULL' : String(value));

/** Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's timestamp epoch. */
const PG_EPOCH_US = 946_684_800_000_000n;

/** timestamptz_send's int8 (microseconds since 2000) in hex, as encode(..., 'hex') prints it. */
export function timestampHex(date: Date): string {
  return BigInt.asUintN(64, BigInt(date.getTime()) * 1000n - PG_EPOCH_US)
    .toString(16)
    .padStart(16, '0');
}

const DAY_MS = 86_400_000;
const MS_2000 = Date.UTC(2000, 0, 1);
/** years 1000-9999: what toISOString and PostgreSQL both write as YYYY-MM-DD (other years fall back) */
const ISO_DATE = /^[1-9]\d{3}-\d{2}-\d{2}$/;

/** Days since 2000-01-01 of a date written YYYY-MM-DD; anything else as quoted text (it then differs). */
export function dateDays(text: string): string {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (!ISO_DATE.test(text) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    return quotedText(text);
  }
  return String((ms - MS_2000) / DAY_MS);
}

/** A plain decimal with trailing fractional zeros trimmed (trim_scale); other forms as they are. */
export function trimmedDecimal(text: string): string {
  if (!text.includes('.')) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end -= 1;
  if (text.charCodeAt(end - 1) === 46) end -= 1;
  return text.slice(0, end);
}

/** One value remembered: consecutive rows mostly share a time, a date, a rate. */
function lastOf<K, V>(encode: (key: K) => V): (key: K) => V {
  let lastKey: K | undefined;
  let lastValue: V | undefined;
  let primed = false;
  return (key) => {
    if (!primed || key !== lastKey) {
      lastKey = key;
      lastValue = encode(key);
      primed = true;
    }
    return lastValue as V;
  };
}

/**
 * SHA-256 of lines joined by newlines, fed in chunks: the lines die young (a page's lines kept until
 * its end outlived scavenges), and a native call per line would cost more than the hashing.
 */
export class LinesDigest {
  private readonly hash = createHash('sha256');
  private pending = '';
  private first = true;

  line(text: string): void {
    this.pending = this.first ? text : `${this.pending}\n${text}`;
    this.first = false;
    if (this.pending.length > 16_384) {
      this.hash.update(this.pending);
      this.pending = '';
    }
  }

  /** hex, as encode(sha256(convert_to(text, 'UTF8')), 'hex') */
  digest(): string {
    this.hash.update(this.pending);
    return this.hash.digest('hex');
  }
}

/** The stored side's digest of a page's lines (empty text for no lines). */
export const digestSql = (lines: string): string => `encode(sha256(convert_to(coalesce(${lines}, ''), 'UTF8')), 'hex')`;

/**
 * The replayed side: each row written as its line when the replay hands it over and digested (so the
 * row dies young), a page's digest per table taken at the page's end.
 */
export class SeqKeyedPageDigest {
  private digests = SeqKeyedPageDigest.fresh();
  private readonly time = lastOf(timestampHex);
  private readonly day = lastOf(dateDays);
  private readonly rate = lastOf(trimmedDecimal);

  private static fresh(): Record<SeqKeyedTable, LinesDigest> {
    return { deposits: new LinesDigest(), adminTransactions: new LinesDigest(), interestPayments: new LinesDigest() };
  }

  add(change: SeqKeyedChange): void {
    switch (change.table) {
      case 'deposits': {
        const r = change.row;
        this.digests.deposits.line(
          `${r.id}\t${r.userId}\t${r.amountCents}\t${quotedText(r.referenceCode)}\t${quotedText(r.status)}\t` +
            `${quotedText(r.note)}\t${nullable(r.depositRequestId)}\t${this.time(r.createdAt)}\t${nullable(r.bankStatementLineId)}`,
        );
        return;
      }
      case 'adminTransactions': {
        const r = change.row;
        this.digests.adminTransactions.line(
          `${r.id}\t${r.userId}\t${nullable(r.adminId)}\t${quotedText(r.kind)}\t${quotedText(r.type)}\t${r.amountCents}\t` +
            `${r.balanceBeforeCents}\t${r.balanceAfterCents}\t${quotedText(r.note)}\t${this.time(r.createdAt)}`,
        );
        return;
      }
      case 'interestPayments': {
        const r = change.row;
        this.digests.interestPayments.line(
          `${r.id}\t${r.userId}\t${this.day(r.accrualDate)}\t${r.balanceCents}\t${this.rate(r.interestRate)}\t` +
            `${r.interestCents}\t${this.time(r.paymentDate)}\t${quotedText(r.status)}`,
        );
        return;
      }
      default: {
        const unreachable: never = change;
        throw new Error(`Unhandled change ${String(unreachable)}`);
      }
    }
  }

  /** The page's digest per table, and a fresh page. */
  take(): Record<SeqKeyedTable, string> {
    const digests = this.digests;
    this.digests = SeqKeyedPageDigest.fresh();
    return {
      deposits: digests.deposits.digest(),
      adminTransactions: digests.adminTransactions.digest(),
      interestPayments: digests.interestPayments.digest(),
    };
  }
}

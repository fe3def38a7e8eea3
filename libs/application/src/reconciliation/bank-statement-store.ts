import { Money, payoutEndToEndId } from '@savings/domain';
import type { SqlQueryable } from '@savings/database';
import type { BankStatementEntry, BankStatementEntryStatus, BankStatementSummary } from '@savings/contracts';
import type { EntryMatch, MatchingFacts, PayoutItem, PendingDepositRequest } from './statement-matching';
import type { ParsedStatement, StatementEntry } from './statement-entry';

/**
 * SQL of bank statements. A line's `credited` status is not stored: it is the deposits row that
 * links it (deposits.bank_statement_line_id, projected from the DepositConfirmed event), so the
 * screen, the API and `ledger verify` read one truth.
 */

/** Status as shown: credited when a deposit links the line, else the stored one. */
const STATUS_SQL = `case when d.id is not null then 'credited' else l.status end`;

/** Customers of the quoted codes, and their pending deposit requests not already suggested by a line. */
export async function loadCustomerFacts(
  q: SqlQueryable,
  codes: string[],
): Promise<Pick<MatchingFacts, 'customersByCode' | 'pendingRequests'>> {
  const customersByCode = new Map<string, number>();
  const pendingRequests = new Map<number, PendingDepositRequest[]>();
  if (codes.length === 0) return { customersByCode, pendingRequests };
  const users = await q.query<{ id: string; reference_code: string }>(
    'select id::text as id, reference_code from users where reference_code = any($1::text[])',
    [codes],
  );
  for (const user of users) customersByCode.set(user.reference_code, Number(user.id));
  if (users.length === 0) return { customersByCode, pendingRequests };
  const requests = await q.query<{ id: string; user_id: string; amount_cents: string }>(
    `select r.id::text as id, r.user_id::text as user_id, r.amount_cents::text as amount_cents
       from deposit_requests r
      where r.status = 'pending' and r.user_id = any($1::bigint[])
        and not exists (select 1 from bank_statement_lines l
                         where l.deposit_request_id = r.id and l.status = 'suggested'
                           and not exists (select 1 from deposits d where d.bank_statement_line_id = l.id))
      order by r.requested_at, r.id`,
    [users.map((user) => user.id)],
  );
  for (const request of requests) {
    const userId = Number(request.user_id);
    const list = pendingRequests.get(userId) ?? [];
    list.push({ id: Number(request.id), amountCents: BigInt(request.amount_cents) });
    pendingRequests.set(userId, list);
  }
  return { customersByCode, pendingRequests };
}

/**
 * Paid payout items named by end-to-end ids `WITHDRAWAL-<id>`: the items of issued payout files
 * (payout_file_items, each with its pain.001 EndToEndId) whose transfer was paid out. The one place
 * that knows where payout items live.
 */
export async function findPaidPayoutItems(q: SqlQueryable, withdrawalIds: number[]): Promise<Map<number, PayoutItem>> {
  const items = new Map<number, PayoutItem>();
  if (withdrawalIds.length === 0) return items;
  const rows = await q.query<{ withdrawal_id: string; user_id: string; amount_cents: string; matched: boolean }>(
    `select i.withdrawal_id::text as withdrawal_id, i.user_id::text as user_id, i.amount_cents::text as amount_cents,
            exists (select 1 from bank_statement_lines l
                     where l.withdrawal_id = i.withdrawal_id and l.status = 'paid-out') as matched
       from payout_file_items i
      where i.end_to_end_id = any($1::text[]) and i.paid_at is not null`,
    [withdrawalIds.map(payoutEndToEndId)],
  );
  for (const row of rows) {
    items.set(Number(row.withdrawal_id), {
      withdrawalId: Number(row.withdrawal_id),
      userId: Number(row.user_id),
      amountCents: BigInt(row.amount_cents),
      alreadyMatched: row.matched,
    });
  }
  return items;
}

/** Paid payout items (as in findPaidPayoutItems) paid before `before` with no matching debit line. */
export async function overduePayoutItems(
  q: SqlQueryable,
  before: string,
): Promise<
  { withdrawalId: number; endToEndId: string; userId: number; userName: string; amountCents: bigint; paidAt: Date }[]
> {
  const rows = await q.query<{
    withdrawal_id: string;
    end_to_end_id: string;
    user_id: string;
    name: string;
    amount_cents: string;
    paid_at: Date;
  }>(
    `select i.withdrawal_id::text as withdrawal_id, i.end_to_end_id, i.user_id::text as user_id, u.name,
            i.amount_cents::text as amount_cents, i.paid_at
       from payout_file_items i join users u on u.id = i.user_id
      where i.paid_at < $1::date
        and not exists (select 1 from bank_statement_lines l
                         where l.withdrawal_id = i.withdrawal_id and l.status = 'paid-out')
      order by i.paid_at, i.withdrawal_id limit 500`,
    [before],
  );
  return rows.map((row) => ({
    withdrawalId: Number(row.withdrawal_id),
    endToEndId: row.end_to_end_id,
    userId: Number(row.user_id),
    userName: row.name,
    amountCents: BigInt(row.amount_cents),
    paidAt: new Date(row.paid_at),
  }));
}

/** Keys of the entries an earlier import already holds. */
export async function knownEntryKeys(q: SqlQueryable, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await q.query<{ entry_key: string }>(
    'select entry_key from bank_statement_lines where entry_key = any($1::text[])',
    [keys],
  );
  return new Set(rows.map((row) => row.entry_key));
}

/** The statement holding an entry key (a file imported again answers with it). */
export async function statementOfEntryKey(q: SqlQueryable, key: string): Promise<number | null> {
  const [row] = await q.query<{ statement_id: string }>(
    'select statement_id::text as statement_id from bank_statement_lines where entry_key = $1',
    [key],
  );
  return row ? Number(row.statement_id) : null;
}

/**
 * A statement row and its new lines, in one statement each (arrays unnested by PostgreSQL). Lines
 * another import stored meanwhile are skipped; returns how many were stored.
 */
export async function insertStatement(
  tx: SqlQueryable,
  statement: ParsedStatement,
  fileSha256: string,
  importedBy: number | null,
  lines: { entry: StatementEntry; match: EntryMatch }[],
): Promise<{ id: number; stored: number }> {
  const [row] = await tx.query<{ id: string }>(
    `insert into bank_statements (format, account_iban, period_from, period_to, file_sha256, imported_by)
     values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    [statement.format, statement.accountIban, statement.from, statement.to, fileSha256, importedBy],
  );
  const column = <T>(pick: (line: { entry: StatementEntry; match: EntryMatch }) => T) => lines.map(pick);
  const stored = await tx.query<{ id: string }>(
    `insert into bank_statement_lines (statement_id, entry_key, position, booking_date, amount_cents, currency,
        direction, booked, reversal, remittance, counterparty_name, counterparty_iban, end_to_end_id, status,
        user_id, deposit_request_id, withdrawal_id, reason)
     select $1::bigint, * from unnest($2::text[], $3::text[], $4::date[], $5::bigint[], $6::text[], $7::text[], $8::bool[],
        $9::bool[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bigint[], $16::bigint[],
        $17::bigint[], $18::text[])
     on conflict on constraint bank_statement_lines_entry_key do nothing
     returning id`,
    [
      row.id,
      column((l) => l.entry.key),
      column((l) => l.entry.position),
      column((l) => l.entry.bookingDate),
      column((l) => String(l.entry.amountCents)),
      column((l) => l.entry.currency),
      column((l) => l.entry.direction),
      column((l) => l.entry.booked),
      column((l) => l.entry.reversal),
      column((l) => l.entry.remittance),
      column((l) => l.entry.counterpartyName),
      column((l) => l.entry.counterpartyIban),
      column((l) => l.entry.endToEndId),
      column((l) => l.match.status),
      column((l) => l.match.userId),
      column((l) => l.match.depositRequestId),
      column((l) => l.match.withdrawalId),
      column((l) => l.match.reason),
    ],
  );
  return { id: Number(row.id), stored: stored.length };
}

export async function statementSummaries(q: SqlQueryable, id?: number): Promise<BankStatementSummary[]> {
  const rows = await q.query<{
    id: string;
    format: string;
    account_iban: string | null;
    period_from: string | null;
    period_to: string | null;
    imported_at: Date;
    entries: number;
    credits: number;
    debits: number;
    suggested: number;
    unmatched: number;
    credited: number;
  }>(
    `select s.id::text as id, s.format, s.account_iban, s.period_from::text as period_from,
            s.period_to::text as period_to, s.imported_at,
            count(l.id)::int as entries,
            count(l.id) filter (where l.direction = 'credit')::int as credits,
            count(l.id) filter (where l.direction = 'debit')::int as debits,
            count(l.id) filter (where l.status = 'suggested' and d.id is null)::int as suggested,
            count(l.id) filter (where l.status = 'unmatched' and d.id is null)::int as unmatched,
            count(d.id)::int as credited
       from bank_statements s
       left join bank_statement_lines l on l.statement_id = s.id
       left join deposits d on d.bank_statement_line_id = l.id
      where ($1::bigint is null or s.id = $1)
      group by s.id
      order by s.id desc
      limit 200`,
    [id ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    format: row.format,
    accountIban: row.account_iban,
    from: row.period_from,
    to: row.period_to,
    importedAt: new Date(row.imported_at).toISOString(),
    entries: row.entries,
    credits: row.credits,
    debits: row.debits,
    suggested: row.suggested,
    unmatched: row.unmatched,
    credited: row.credited,
  }));
}

interface EntryRow {
  id: string;
  statement_id: string;
  booking_date: string | null;
  amount_cents: string;
  currency: string;
  direction: 'credit' | 'debit';
  booked: boolean;
  reversal: boolean;
  remittance: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  end_to_end_id: string | null;
  status: BankStatementEntryStatus;
  user_id: string | null;
  user_name: string | null;
  deposit_request_id: string | null;
  withdrawal_id: string | null;
  reason: string | null;
  event_id: string | null;
  approval_id: string | null;
}

const ENTRY_SELECT = `select l.id::text as id, l.statement_id::text as statement_id, l.booking_date::text as booking_date,
        l.amount_cents::text as amount_cents, l.currency, l.direction, l.booked, l.reversal, l.remittance,
        l.counterparty_name, l.counterparty_iban, l.end_to_end_id, ${STATUS_SQL} as status,
        coalesce(d.user_id, l.user_id)::text as user_id, u.name as user_name,
        coalesce(d.deposit_request_id, l.deposit_request_id)::text as deposit_request_id,
        l.withdrawal_id::text as withdrawal_id, l.reason, d.id::text as event_id,
        (select a.id::text from approvals a
          where a.bank_statement_line_id = l.id and a.status = 'pending') as approval_id
   from bank_statement_lines l
   left join deposits d on d.bank_statement_line_id = l.id
   left join users u on u.id = coalesce(d.user_id, l.user_id)`;

function entryOf(row: EntryRow): BankStatementEntry {
  const userId = row.user_id === null ? null : Number(row.user_id);
  const depositRequestId = row.deposit_request_id === null ? null : Number(row.deposit_request_id);
  return {
    id: Number(row.id),
    statementId: Number(row.statement_id),
    bookingDate: row.booking_date,
    amount: Money.toJsonNumber(row.amount_cents),
    currency: row.currency,
    direction: row.direction,
    remittance: row.remittance,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    endToEndId: row.end_to_end_id,
    status: row.status,
    userId,
    userName: row.user_name,
    depositRequestId,
    withdrawalId: row.withdrawal_id === null ? null : Number(row.withdrawal_id),
    suggestion:
      row.status !== 'suggested'
        ? null
        : depositRequestId !== null
          ? { kind: 'deposit-request', depositRequestId }
          : { kind: 'direct-deposit' },
    reason: row.reason,
    eventId: row.event_id === null ? null : Number(row.event_id),
    approvalId: row.approval_id === null ? null : Number(row.approval_id),
  };
}

export async function statementEntries(
  q: SqlQueryable,
  statementId: number,
  options: { status?: BankStatementEntryStatus; offset: number; limit: number },
): Promise<{ entries: BankStatementEntry[]; total: number }> {
  const filter = `where l.statement_id = $1 and ($2::text is null or ${STATUS_SQL} = $2)`;
  const rows = await q.query<EntryRow>(`${ENTRY_SELECT} ${filter} order by l.id offset $3 limit $4`, [
    statementId,
    options.status ?? null,
    options.offset,
    options.limit,
  ]);
  const [count] = await q.query<{ n: number }>(
    `select count(*)::int as n from bank_statement_lines l
       left join deposits d on d.bank_statement_line_id = l.id ${filter}`,
    [statementId, options.status ?? null],
  );
  return { entries: rows.map(entryOf), total: count.n };
}

/** One line as shown, with what crediting needs; null when the statement has no such line. */
export async function statementEntry(
  q: SqlQueryable,
  statementId: number,
  entryId: number,
): Promise<(BankStatementEntry & { amountCents: bigint; booked: boolean; reversal: boolean }) | null> {
  const [row] = await q.query<EntryRow>(`${ENTRY_SELECT} where l.statement_id = $1 and l.id = $2`, [
    statementId,
    entryId,
  ]);
  return row
    ? { ...entryOf(row), amountCents: BigInt(row.amount_cents), booked: row.booked, reversal: row.reversal }
    : null;
}

/** Lines of a statement suggested and not credited, in file order. */
export async function suggestedEntryIds(q: SqlQueryable, statementId: number): Promise<number[]> {
  const rows = await q.query<{ id: string }>(
    `select l.id::text as id from bank_statement_lines l
      where l.statement_id = $1 and l.status = 'suggested'
        and not exists (select 1 from deposits d where d.bank_statement_line_id = l.id)
        and not exists (select 1 from approvals a where a.bank_statement_line_id = l.id and a.status = 'pending')
      order by l.id`,
    [statementId],
  );
  return rows.map((row) => Number(row.id));
}

/** Sets a line aside; false when it is not open (credited, ignored or paid out already). */
export async function ignoreEntry(
  q: SqlQueryable,
  statementId: number,
  entryId: number,
  reason: string,
  adminId: number | null,
): Promise<boolean> {
  const rows = await q.query(
    `update bank_statement_lines l set status = 'ignored', reason = $3, decided_by = $4, decided_at = now()
      where l.statement_id = $1 and l.id = $2 and l.status in ('unmatched', 'suggested')
        and not exists (select 1 from deposits d where d.bank_statement_line_id = l.id)
      returning l.id`,
    [statementId, entryId, reason, adminId],
  );
  return rows.length === 1;
}

import type { SqlQueryable } from '@savings/database';
import type { VerifyCheck } from '@savings/contracts';

/**
 * Bank statement credits (issue 18), both ways: every deposit that names a statement line credits a
 * booked USD credit line of exactly its amount, and no line is credited by two deposits. The deposits
 * rows are the projection of the DepositConfirmed events (the replay check proves they match the log),
 * so checking them checks the events' links.
 */
export async function checkStatementCredits(q: SqlQueryable): Promise<VerifyCheck> {
  const name = 'statement lines credited once';
  const [wrong] = await q.query<{ seq: string; line_id: string; problem: string }>(
    `select d.id::text as seq, d.bank_statement_line_id::text as line_id,
            case when l.id is null then 'names no statement line'
                 when l.direction <> 'credit' or l.currency <> 'USD' or not l.booked or l.reversal
                   then 'credits a line that is not a booked USD credit'
                 else 'differs from the amount of its line' end as problem
       from deposits d
       left join bank_statement_lines l on l.id = d.bank_statement_line_id
      where d.bank_statement_line_id is not null
        and (l.id is null or l.amount_cents <> d.amount_cents or l.direction <> 'credit' or l.currency <> 'USD'
             or not l.booked or l.reversal)
      order by d.id limit 1`,
  );
  const [twice] = await q.query<{ seq: string; line_id: string }>(
    `select max(id)::text as seq, bank_statement_line_id::text as line_id from deposits
      where bank_statement_line_id is not null group by bank_statement_line_id having count(*) > 1
      order by 1 limit 1`,
  );
  const [{ n }] = await q.query<{ n: number }>(
    'select count(*)::int as n from deposits where bank_statement_line_id is not null',
  );
  const ok = (detail: string, seq: string | null) => ({
    name,
    ok: seq === null,
    checked: n,
    detail,
    firstBadSeq: seq === null ? null : Number(seq),
  });
  if (wrong) return ok(`FAILED: the deposit of event ${wrong.seq} ${wrong.problem} (line ${wrong.line_id})`, wrong.seq);
  if (twice) return ok(`FAILED: statement line ${twice.line_id} is credited by more than one deposit`, twice.seq);
  return ok(`${n} credited statement lines, each by exactly one deposit of its amount`, null);
}

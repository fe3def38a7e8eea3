import type { Sql, SqlQueryable } from '@savings/database';
import type { VerifyReport, VerifyRunProgress } from '@savings/contracts';
import { verifyLedger } from '@savings/ledger';

/**
 * verifyLedger with progress. verifyLedger takes no progress callback, so its reads are observed
 * instead: the first pass reads full event rows (seq, hash, prev_hash...) to check chains, postings
 * and blocks; the replay then reads the log as text pages, a line per event. Counting those gives
 * how far each pass is through the log. The report itself is verifyLedger's, unchanged.
 */
export async function verifyWithProgress(
  sql: Sql,
  onProgress: (progress: VerifyRunProgress) => void,
): Promise<VerifyReport> {
  const [{ n }] = await sql.query<{ n: number }>('select count(*)::int as n from ledger_events');
  const progress: VerifyRunProgress = { stage: 'sealing new events into blocks', eventsRead: 0, eventsTotal: n };
  onProgress({ ...progress });
  let replaying = false;
  const observe = (rows: unknown[]) => {
    const first = rows[0] as Record<string, unknown> | undefined;
    if (!first) return;
    if ('prev_hash' in first && 'hash' in first && 'seq' in first && 'payload' in first) {
      progress.stage = 'checking hash chains, postings and blocks';
      progress.eventsRead = Math.min(progress.eventsTotal, progress.eventsRead + rows.length);
    } else if (typeof first.page === 'string') {
      if (!replaying) {
        replaying = true;
        progress.stage = 'replaying the log and comparing balances and read models';
        progress.eventsRead = 0;
      }
      const lines = (first.page.match(/\n/g)?.length ?? 0) + 1;
      progress.eventsRead = Math.min(progress.eventsTotal, progress.eventsRead + lines);
    } else {
      return;
    }
    onProgress({ ...progress });
  };
  return verifyLedger(observedSql(sql, observe));
}

function observedQueryable(q: SqlQueryable, observe: (rows: unknown[]) => void): SqlQueryable {
  return {
    async query(text, params) {
      const rows = await q.query(text, params);
      observe(rows);
      return rows;
    },
    copyFrom: (target, rows) => q.copyFrom(target, rows),
  } as SqlQueryable;
}

function observedSql(sql: Sql, observe: (rows: unknown[]) => void): Sql {
  return {
    ...observedQueryable(sql, observe),
    transaction: (work) => sql.transaction((tx) => work(observedQueryable(tx, observe))),
    withConnection: (work) => sql.withConnection((connection) => work(observedQueryable(connection, observe))),
  };
}

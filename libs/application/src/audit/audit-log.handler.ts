import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuditLogEvent, AuditLogResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { isoUtcSql, streamIdOf } from '@savings/ledger';
import { SQL } from '../platform/tokens';
import { ListAuditLogQuery } from './audit.queries';

export const MAX_AUDIT_LOG_PAGE = 500;

@QueryHandler(ListAuditLogQuery)
export class ListAuditLogHandler implements IQueryHandler<ListAuditLogQuery, AuditLogResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListAuditLogQuery): Promise<AuditLogResponse> {
    const limit = Math.min(Math.max(1, Math.trunc(query.limit) || 50), MAX_AUDIT_LOG_PAGE);
    const rows = await this.sql.query<{
      seq: string;
      stream_id: string;
      version: number;
      type: string;
      schema_version: number;
      payload: Record<string, unknown>;
      metadata: Record<string, unknown>;
      occurred_at: string;
      recorded_at: string;
      hash: string;
      prev_hash: string;
      block_no: string | null;
    }>(
      `select e.seq::text as seq, e.stream_id, e.version, e.type, e.schema_version, e.payload, e.metadata,
              ${isoUtcSql('e.occurred_at')} as occurred_at, ${isoUtcSql('e.recorded_at')} as recorded_at,
              e.hash, e.prev_hash,
              (select b.block_no::text from ledger_blocks b
                where b.first_seq <= e.seq and b.last_seq >= e.seq order by b.block_no desc limit 1) as block_no
         from ledger_events e
        where e.seq > $1 and ($3::text is null or e.stream_id = $3)
        order by e.seq limit $2`,
      [Math.max(0, Math.trunc(query.after) || 0), limit + 1, query.userId === null ? null : streamIdOf(query.userId)],
    );
    const [{ last }] = await this.sql.query<{ last: string }>(
      'select coalesce(max(seq), 0)::text as last from ledger_events',
    );
    const events: AuditLogEvent[] = rows.slice(0, limit).map((row) => ({
      seq: Number(row.seq),
      streamId: row.stream_id,
      version: row.version,
      type: row.type,
      schemaVersion: row.schema_version,
      payload: row.payload,
      metadata: row.metadata,
      occurredAt: row.occurred_at,
      recordedAt: row.recorded_at,
      hash: row.hash,
      prevHash: row.prev_hash,
      block: row.block_no === null ? null : Number(row.block_no),
    }));
    return { events, nextAfter: rows.length > limit ? events[events.length - 1].seq : null, lastSeq: Number(last) };
  }
}

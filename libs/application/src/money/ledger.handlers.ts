import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuditEvent, AuditEventsResponse, VerifyReport } from '@savings/contracts';
import { DomainError, Money } from '@savings/domain';
import {
  balanceAsOf,
  isoUtcSql,
  ledgerHead,
  rebuildReadModels,
  sealBlocks,
  verifyLedger,
  type LedgerHead,
  type SealResult,
} from '@savings/ledger';
import { type Sql } from '@savings/database';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, SQL } from '../platform/tokens';
import {
  LedgerBalanceQuery,
  LedgerHeadQuery,
  ListLedgerEventsQuery,
  ReplayLedgerCommand,
  SealLedgerBlocksCommand,
  VerifyLedgerQuery,
  type LedgerBalanceResult,
  type ReplayLedgerResult,
} from './money.queries';

@QueryHandler(VerifyLedgerQuery)
export class VerifyLedgerHandler implements IQueryHandler<VerifyLedgerQuery, VerifyReport> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(): Promise<VerifyReport> {
    return verifyLedger(this.sql, { bankingFingerprintKey: this.config.bankingFingerprintKey });
  }
}

export const MAX_EVENTS_PAGE = 1000;

@QueryHandler(ListLedgerEventsQuery)
export class ListLedgerEventsHandler implements IQueryHandler<ListLedgerEventsQuery, AuditEventsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListLedgerEventsQuery): Promise<AuditEventsResponse> {
    const limit = Math.min(Math.max(1, Math.trunc(query.limit) || 100), MAX_EVENTS_PAGE);
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
    }>(
      `select seq::text as seq, stream_id, version, type, schema_version, payload, metadata,
              ${isoUtcSql('occurred_at')} as occurred_at, ${isoUtcSql('recorded_at')} as recorded_at,
              hash, prev_hash
         from ledger_events where seq > $1 order by ledger_events.seq limit $2`,
      [Math.max(0, Math.trunc(query.after) || 0), limit + 1],
    );
    const page = rows.slice(0, limit);
    const events: AuditEvent[] = page.map((row) => ({
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
    }));
    return { events, nextAfter: rows.length > limit ? events[events.length - 1].seq : null };
  }
}

@QueryHandler(LedgerBalanceQuery)
export class LedgerBalanceHandler implements IQueryHandler<LedgerBalanceQuery, LedgerBalanceResult> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: LedgerBalanceQuery): Promise<LedgerBalanceResult> {
    const [user] = await this.sql.query('select 1 from users where id = $1', [query.userId]);
    if (!user) throw new DomainError('USER.NOT_FOUND', 'not_found', `User ${query.userId} not found`);
    const cents = await balanceAsOf(this.sql, query.userId, query.asOf);
    return {
      userId: query.userId,
      asOf: query.asOf ? query.asOf.toISOString() : null,
      balanceCents: String(cents),
      balance: Money.format(cents),
    };
  }
}

@QueryHandler(LedgerHeadQuery)
export class LedgerHeadHandler implements IQueryHandler<LedgerHeadQuery, LedgerHead | null> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  execute(query: LedgerHeadQuery): Promise<LedgerHead | null> {
    return ledgerHead(this.sql, query.asOf);
  }
}

@CommandHandler(ReplayLedgerCommand)
export class ReplayLedgerHandler implements ICommandHandler<ReplayLedgerCommand, ReplayLedgerResult> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(): Promise<ReplayLedgerResult> {
    const started = process.hrtime.bigint();
    const result = await rebuildReadModels(this.sql);
    return {
      events: result.events,
      accounts: result.accounts,
      lastSeq: Number(result.lastSeq),
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    };
  }
}

@CommandHandler(SealLedgerBlocksCommand)
export class SealLedgerBlocksHandler implements ICommandHandler<SealLedgerBlocksCommand, SealResult> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  execute(): Promise<SealResult> {
    return sealBlocks(this.sql);
  }
}

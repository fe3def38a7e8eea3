import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountActivityResponse,
  type AccountExport,
  type BankingDetailsEntry,
  type DepositRequestsResponse,
  type ExportedEvent,
  type InterestPaymentsResponse,
  type PublicUser,
  type SecurityEventKind,
  type StatementMonthsResponse,
  type WithdrawalsResponse,
} from '@savings/contracts';
import type { Sql } from '@savings/database';
import { Money } from '@savings/domain';
import { isoUtcSql, streamIdOf } from '@savings/ledger';
import {
  ListAccountActivityQuery,
  ListDepositRequestsQuery,
  ListInterestPaymentsQuery,
  ListWithdrawalsQuery,
} from '../investor/investor.queries';
import { SQL } from '../platform/tokens';
import { ListStatementMonthsQuery } from '../statements/statements.queries';
import { GetUserQuery } from '../users/user.queries';
import { GetAccountExportQuery } from './personal-data.queries';

/**
 * Everything held about one customer (api-contract.md section 18), for them alone: every read is by
 * their user id or their stream. The investor lists come from the investor queries, so the export
 * shows what the screens show; the rest is read here from the tables that hold it.
 */
@QueryHandler(GetAccountExportQuery)
export class GetAccountExportHandler implements IQueryHandler<GetAccountExportQuery, AccountExport> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly queries: QueryBus,
  ) {}

  async execute({ userId, now }: GetAccountExportQuery): Promise<AccountExport> {
    const [user, language, deposits, withdrawals, interest, activity, statements] = await Promise.all([
      this.queries.execute<GetUserQuery, PublicUser>(new GetUserQuery(userId)),
      this.sql.query<{ language: string }>('select language from users where id = $1', [userId]),
      this.queries.execute<ListDepositRequestsQuery, DepositRequestsResponse>(new ListDepositRequestsQuery(userId)),
      this.queries.execute<ListWithdrawalsQuery, WithdrawalsResponse>(new ListWithdrawalsQuery(userId)),
      this.queries.execute<ListInterestPaymentsQuery, InterestPaymentsResponse>(new ListInterestPaymentsQuery(userId)),
      this.queries.execute<ListAccountActivityQuery, AccountActivityResponse>(new ListAccountActivityQuery(userId)),
      this.queries.execute<ListStatementMonthsQuery, StatementMonthsResponse>(
        new ListStatementMonthsQuery(userId, now),
      ),
    ]);
    const [events, confirmedDeposits, history, mails, twoFactor, security] = await Promise.all([
      this.events(userId),
      this.deposits(userId),
      this.bankingHistory(userId),
      this.mails(userId),
      this.twoFactor(userId),
      this.securityHistory(userId),
    ]);
    return {
      format: ACCOUNT_EXPORT_FORMAT,
      version: ACCOUNT_EXPORT_VERSION,
      exportedAt: now.toISOString(),
      profile: { ...user, language: language[0]?.language ?? 'en' },
      bankingDetails: {
        current:
          user.beneficiaryName && user.iban
            ? {
                beneficiaryName: user.beneficiaryName,
                iban: user.iban,
                swift: user.swift,
                savedAt: history.at(-1)?.savedAt ?? user.createdAt,
              }
            : null,
        history,
      },
      events,
      depositRequests: deposits.depositRequests,
      deposits: confirmedDeposits,
      withdrawals: withdrawals.withdrawals,
      interestPayments: interest.interestPayments,
      accountActivity: activity.transactions,
      statements: statements.months,
      mails,
      security: { twoFactor, history: security },
    };
  }

  private async events(userId: number): Promise<ExportedEvent[]> {
    const rows = await this.sql.query<{
      seq: string;
      stream_id: string;
      version: number;
      type: string;
      schema_version: number;
      payload: unknown;
      metadata: unknown;
      occurred_at: string;
      recorded_at: string;
      prev_hash: string | null;
      hash: string;
    }>(
      `select seq::text as seq, stream_id, version, type, schema_version, payload, metadata,
              ${isoUtcSql('occurred_at')} as occurred_at, ${isoUtcSql('recorded_at')} as recorded_at, prev_hash, hash
         from ledger_events where stream_id = $1 order by version`,
      [streamIdOf(userId)],
    );
    return rows.map((row) => ({
      seq: Number(row.seq),
      streamId: row.stream_id,
      version: row.version,
      type: row.type,
      schemaVersion: row.schema_version,
      payload: row.payload,
      metadata: row.metadata,
      occurredAt: row.occurred_at,
      recordedAt: row.recorded_at,
      prevHash: row.prev_hash,
      hash: row.hash,
    }));
  }

  private async deposits(userId: number): Promise<AccountExport['deposits']> {
    const rows = await this.sql.query<{
      id: string;
      amount_cents: string;
      reference_code: string;
      note: string | null;
      deposit_request_id: string | null;
      created_at: Date;
    }>(
      `select id::text as id, amount_cents::text as amount_cents, reference_code, note,
              deposit_request_id::text as deposit_request_id, created_at
         from deposits where user_id = $1 order by created_at, id`,
      [userId],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      amount: Money.toJsonNumber(row.amount_cents),
      referenceCode: row.reference_code,
      note: row.note,
      depositRequestId: row.deposit_request_id === null ? null : Number(row.deposit_request_id),
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  private async bankingHistory(userId: number): Promise<BankingDetailsEntry[]> {
    const rows = await this.sql.query<{ beneficiary_name: string; iban: string; swift: string | null; saved_at: Date }>(
      `select beneficiary_name, iban, swift, saved_at from banking_details_history where user_id = $1 order by id`,
      [userId],
    );
    return rows.map((row) => ({
      beneficiaryName: row.beneficiary_name,
      iban: row.iban,
      swift: row.swift,
      savedAt: new Date(row.saved_at).toISOString(),
    }));
  }

  private async mails(userId: number): Promise<AccountExport['mails']> {
    const rows = await this.sql.query<{
      template: string;
      language: string;
      subject: string;
      text_body: string;
      status: string;
      created_at: Date;
      sent_at: Date | null;
    }>(
      `select template, language, subject, text_body, status, created_at, sent_at
         from mail_outbox where user_id = $1 order by id`,
      [userId],
    );
    return rows.map((row) => ({
      template: row.template,
      language: row.language,
      subject: row.subject,
      text: withoutResetTokens(row.text_body),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    }));
  }

  private async twoFactor(userId: number): Promise<AccountExport['security']['twoFactor']> {
    const [row] = await this.sql.query<{ enabled_at: Date | null; codes_left: number }>(
      `select (select enabled_at from user_two_factor where user_id = $1) as enabled_at,
              (select count(*)::int from user_recovery_codes where user_id = $1 and used_at is null) as codes_left`,
      [userId],
    );
    return {
      enabled: row.enabled_at !== null,
      enabledAt: row.enabled_at ? new Date(row.enabled_at).toISOString() : null,
      recoveryCodesLeft: row.enabled_at ? row.codes_left : 0,
    };
  }

  private async securityHistory(userId: number): Promise<AccountExport['security']['history']> {
    const rows = await this.sql.query<{ kind: SecurityEventKind; at: Date; address: string | null }>(
      'select kind, at, address from account_security_events where user_id = $1 order by id',
      [userId],
    );
    return rows.map((row) => ({ kind: row.kind, at: new Date(row.at).toISOString(), address: row.address }));
  }
}

/**
 * A password-reset mail's link is a credential while it is valid: the export keeps the message and
 * drops the token, so a copy of the export can never reset the password.
 */
export function withoutResetTokens(text: string): string {
  return text.replace(/#token=[A-Za-z0-9_-]+/g, '#token=(removed)');
}

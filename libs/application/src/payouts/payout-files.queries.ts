import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError, Money, payoutFileName, type PayoutFileFormat } from '@savings/domain';
import type { PayoutFileView } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { SQL } from '../platform/tokens';

export class ListPayoutFilesQuery {}

export type { PayoutFileFormat };

export class GetPayoutFileContentQuery {
  constructor(
    readonly id: number,
    readonly format: PayoutFileFormat,
  ) {}
}

export interface PayoutFileContent {
  fileName: string;
  contentType: string;
  /** SHA-256 (hex) of the body, as the file's ledger event records it */
  sha256: string;
  body: Buffer;
}

@QueryHandler(ListPayoutFilesQuery)
export class ListPayoutFilesHandler implements IQueryHandler<ListPayoutFilesQuery, PayoutFileView[]> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(): Promise<PayoutFileView[]> {
    const rows = await this.sql.query<{
      id: string;
      payout_date: string;
      withdrawal_count: number;
      total_cents: string;
      created_at: Date | string;
      csv_sha256: string;
      xml_sha256: string;
    }>(
      `select f.id, f.payout_date::text as payout_date, f.withdrawal_count, f.total_cents, f.created_at,
              c.sha256 as csv_sha256, x.sha256 as xml_sha256
         from payout_files f
         join payout_file_documents c on c.payout_file_id = f.id and c.format = 'csv'
         join payout_file_documents x on x.payout_file_id = f.id and x.format = 'xml'
        where f.status = 'written' order by f.payout_date desc, f.id desc limit 500`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      payoutDate: row.payout_date,
      withdrawalCount: row.withdrawal_count,
      total: Money.toJsonNumber(Money.fromCentsText(row.total_cents)),
      totalCents: row.total_cents,
      // the pool may hand timestamps over as text
      createdAt: new Date(row.created_at).toISOString(),
      sha256: { csv: row.csv_sha256, xml: row.xml_sha256 },
    }));
  }
}

@QueryHandler(GetPayoutFileContentQuery)
export class GetPayoutFileContentHandler implements IQueryHandler<GetPayoutFileContentQuery, PayoutFileContent> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  /** The stored bytes as the monthly job issued them (nothing is read from a folder). */
  async execute(query: GetPayoutFileContentQuery): Promise<PayoutFileContent> {
    const [row] = await this.sql.query<{ payout_date: string; content: Buffer; sha256: string }>(
      `select f.payout_date::text as payout_date, d.content, d.sha256
         from payout_files f join payout_file_documents d on d.payout_file_id = f.id
        where f.id = $1 and d.format = $2 and f.status = 'written'`,
      [query.id, query.format],
    );
    if (!row) throw new DomainError('PAYOUTS.FILE_NOT_FOUND', 'not_found', 'Payout file not found');
    return {
      fileName: payoutFileName({ payoutFileId: query.id, payoutDate: row.payout_date }, query.format),
      contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8',
      sha256: row.sha256,
      body: row.content,
    };
  }
}

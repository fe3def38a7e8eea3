import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StatementMonthsResponse } from '@savings/contracts';
import { Money } from '@savings/domain';
import { interestCertificateFileName, statementCsv, statementFileName } from './statement-csv';
import { STATEMENT_DOCUMENTS, type StatementDocuments } from './statement-documents';
import { parseMonth, parseYear } from './statement-period';
import { StatementReader } from './statement-reader';
import {
  GetInterestCertificateQuery,
  GetStatementFileQuery,
  ListStatementMonthsQuery,
  type StatementFile,
} from './statements.queries';

@QueryHandler(ListStatementMonthsQuery)
export class ListStatementMonthsHandler implements IQueryHandler<ListStatementMonthsQuery, StatementMonthsResponse> {
  constructor(private readonly reader: StatementReader) {}

  async execute(query: ListStatementMonthsQuery): Promise<StatementMonthsResponse> {
    const months = await this.reader.months(query.userId, query.now);
    return {
      months: months.map((m) => ({
        month: m.month,
        opening: Money.toJsonNumber(m.openingCents),
        closing: Money.toJsonNumber(m.closingCents),
        credits: Money.toJsonNumber(m.creditsCents),
        debits: Money.toJsonNumber(m.debitsCents),
      })),
    };
  }
}

@QueryHandler(GetStatementFileQuery)
export class GetStatementFileHandler implements IQueryHandler<GetStatementFileQuery, StatementFile> {
  constructor(
    private readonly reader: StatementReader,
    @Inject(STATEMENT_DOCUMENTS) private readonly documents: StatementDocuments,
  ) {}

  async execute(query: GetStatementFileQuery): Promise<StatementFile> {
    const month = parseMonth(query.month);
    const statement = await this.reader.monthlyStatement(query.userId, month, query.now);
    if (query.format === 'csv') {
      return {
        fileName: statementFileName(month, 'csv'),
        contentType: 'text/csv; charset=utf-8',
        body: Buffer.from(statementCsv(statement), 'utf8'),
      };
    }
    return {
      fileName: statementFileName(month, 'pdf'),
      contentType: 'application/pdf',
      body: await this.documents.monthlyStatementPdf(statement),
    };
  }
}

@QueryHandler(GetInterestCertificateQuery)
export class GetInterestCertificateHandler implements IQueryHandler<GetInterestCertificateQuery, StatementFile> {
  constructor(
    private readonly reader: StatementReader,
    @Inject(STATEMENT_DOCUMENTS) private readonly documents: StatementDocuments,
  ) {}

  async execute(query: GetInterestCertificateQuery): Promise<StatementFile> {
    const year = parseYear(query.year);
    const certificate = await this.reader.interestCertificate(query.userId, year, query.now);
    return {
      fileName: interestCertificateFileName(year),
      contentType: 'application/pdf',
      body: await this.documents.interestCertificatePdf(certificate),
    };
  }
}

import { Module } from '@nestjs/common';
import { PdfkitStatementDocuments } from './pdfkit-statement-documents';
import { STATEMENT_DOCUMENTS } from './statement-documents';
import { StatementReader } from './statement-reader';
import {
  GetInterestCertificateHandler,
  GetStatementFileHandler,
  ListStatementMonthsHandler,
} from './statements.handlers';

/** Monthly statements and yearly interest certificates, read from the ledger at the periods' edges. */
@Module({
  providers: [
    StatementReader,
    { provide: STATEMENT_DOCUMENTS, useClass: PdfkitStatementDocuments },
    ListStatementMonthsHandler,
    GetStatementFileHandler,
    GetInterestCertificateHandler,
  ],
  exports: [StatementReader, STATEMENT_DOCUMENTS],
})
export class StatementsModule {}

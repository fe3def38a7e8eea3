import type { InterestCertificate, MonthlyStatement } from './statement-figures';

/**
 * The port through which statements become PDF files. The figures are computed before (pure, in
 * statement-figures.ts); an adapter only lays them out (pdfkit-statement-documents.ts).
 */
export interface StatementDocuments {
  monthlyStatementPdf(statement: MonthlyStatement): Promise<Buffer>;
  interestCertificatePdf(certificate: InterestCertificate): Promise<Buffer>;
}

export const STATEMENT_DOCUMENTS = Symbol('STATEMENT_DOCUMENTS');

/** Statements of one account (the investor's own, or any for admins and auditors). */

/** Every month from the first event to the current month; returns StatementMonthsResponse. */
export class ListStatementMonthsQuery {
  constructor(
    readonly userId: number,
    readonly now: Date = new Date(),
  ) {}
}

export type StatementFormat = 'csv' | 'pdf';

/** A month's statement as a file; returns StatementFile. */
export class GetStatementFileQuery {
  constructor(
    readonly userId: number,
    /** YYYY-MM as given (checked by the handler) */
    readonly month: string,
    readonly format: StatementFormat,
    readonly now: Date = new Date(),
  ) {}
}

/** The year's interest certificate as a PDF; returns StatementFile. */
export class GetInterestCertificateQuery {
  constructor(
    readonly userId: number,
    /** YYYY as given (checked by the handler) */
    readonly year: string,
    readonly now: Date = new Date(),
  ) {}
}

export interface StatementFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

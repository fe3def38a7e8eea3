export * from './reconciliation.commands';
export * from './reconciliation.module';
export { parseStatementFile, PAYOUT_DEBIT_GRACE_BUSINESS_DAYS } from './reconciliation.handlers';
export { parseCamt053 } from './camt053-parser';
export { parseStatementCsv } from './statement-csv-parser';
export { matchEntries, referenceCodesIn, payoutIdsIn, businessDaysBefore } from './statement-matching';
export type { ParsedStatement, StatementEntry } from './statement-entry';

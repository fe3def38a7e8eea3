export * from './statement-csv';
export * from './statement-documents';
export * from './statement-figures';
export * from './statement-period';
export * from './statement-reader';
export * from './statements.module';
export * from './statements.queries';

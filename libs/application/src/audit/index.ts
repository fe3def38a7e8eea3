export * from './audit-log.handler';
export * from './audit.module';
export * from './audit.queries';
export * from './ledger-log-export';
export * from './verify-runs';

export * from './money.commands';
export * from './money.queries';
export * from './money.module';
export * from './account-ledger';
export * from './command-results';

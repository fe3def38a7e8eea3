export * from './money.commands';
export * from './money.queries';
export * from './money.results';
export * from './money.module';
export * from './account-command-runner';

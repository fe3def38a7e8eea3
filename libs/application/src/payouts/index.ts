export * from './payout-file-format';
export * from './payout-files.queries';
export * from './payout-run.service';

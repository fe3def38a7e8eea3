export * from './payout-files.queries';
export * from './payout-run.service';

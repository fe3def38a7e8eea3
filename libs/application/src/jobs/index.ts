export * from './interest-run.service';
export * from './job-dates';
export * from './job-queues';
export * from './jobs.module';
export * from './interest-dispatcher';
export * from './interest-jobs';
export * from './job-payloads';

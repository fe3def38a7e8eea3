export * from './entities';
export * from './blog';
export * from './platform/platform.module';
export * from './platform/redis';
export * from './platform/tokens';
export * from './users';
export * from './jobs';
export * from './payouts';

export * from './investor.module';
export * from './investor.queries';
export * from './next-interest';

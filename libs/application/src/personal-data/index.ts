export * from './account-export.handler';
export * from './personal-data.module';
export * from './personal-data.queries';

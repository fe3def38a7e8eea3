export * from './public-docs.module';
export * from './technical-overview-pdf';
export * from './technical-overview.query';

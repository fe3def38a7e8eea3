export * from './test-database';
export * from './pdf-text';
export * from './smtp-receiver';

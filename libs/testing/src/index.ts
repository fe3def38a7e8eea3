export * from './test-database';
export * from './pdf-text';

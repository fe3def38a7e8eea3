export * from './app-config';
export * from './dependency-errors';

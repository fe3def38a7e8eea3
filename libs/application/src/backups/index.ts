export * from './pgbackrest';

export * from './ensure-database';
export * from './migrate';
export * from './orm-config';
export * from './sql';
export * from './connection-loss';

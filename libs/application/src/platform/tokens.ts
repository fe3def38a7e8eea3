/** Injection tokens of the shared infrastructure. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const SQL = Symbol('SQL');
export const REDIS = Symbol('REDIS');

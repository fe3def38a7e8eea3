/** Injection tokens of the shared infrastructure. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const SQL = Symbol('SQL');
export const REDIS = Symbol('REDIS');
export const CLOCK = Symbol('CLOCK');

/** Now, as rules that depend on time read it (tests give a fixed one). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export * as Money from './money';
export type { Cents } from './money';

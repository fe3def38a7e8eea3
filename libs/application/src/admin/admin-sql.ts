/** Integer cents from PostgreSQL (bigint/numeric arrive as strings) to a JSON number with <= 2 decimals. */
export { centsToAmount as centsToNumber } from '../users/user-identity';

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A LIKE pattern matching the text anywhere, with its own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

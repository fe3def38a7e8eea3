import { Money } from '@savings/domain';

/** Cents from PostgreSQL (bigint/numeric arrive as strings; an empty sum as null) as a JSON number. */
export function centsToNumber(cents: string | bigint | null): number {
  return cents === null ? 0 : Money.toJsonNumber(cents);
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A LIKE pattern matching the text anywhere, with its own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

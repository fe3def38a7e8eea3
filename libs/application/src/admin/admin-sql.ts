/** Integer cents from PostgreSQL (bigint/numeric arrive as strings) to a JSON number with <= 2 decimals. */
export function centsToNumber(cents: string | number | bigint | null): number {
  if (cents === null) return 0;
  // exact: an integer divided by 100 prints as its shortest decimal form
  return Number(BigInt(cents)) / 100;
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A LIKE pattern matching the text anywhere, with its own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

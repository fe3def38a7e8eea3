/**
 * RFC 4180 CSV for files people open in spreadsheets: a cell a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return first) gets a leading apostrophe; rows end with CRLF.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells; `raw` columns (signed amounts) are written as they are, never prefixed. */
export function csvRows(rows: readonly (readonly string[])[], raw: readonly number[] = []): string {
  return rows
    .map((row) => row.map((cell, column) => (raw.includes(column) ? cell : csvCell(cell))).join(','))
    .map((line) => `${line}\r\n`)
    .join('');
}

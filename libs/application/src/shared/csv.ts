import { csvCell } from '@savings/domain';

/** RFC 4180 CSV (cells as the domain's csvCell writes them: no spreadsheet formulas); rows end with CRLF. */
export { csvCell };

/** Rows of cells; `raw` columns (signed amounts) are written as they are, never prefixed. */
export function csvRows(rows: readonly (readonly string[])[], raw: readonly number[] = []): string {
  return rows
    .map((row) => row.map((cell, column) => (raw.includes(column) ? cell : csvCell(cell))).join(','))
    .map((line) => `${line}\r\n`)
    .join('');
}

import { Money } from '@savings/domain';
import { csvRows } from '../shared/csv';
import type { MonthlyStatement } from './statement-figures';
import { localIso } from './statement-period';

export const STATEMENT_CSV_HEADER = ['date', 'type', 'description', 'amount', 'balance_after'] as const;
const AMOUNT_COLUMNS = [3, 4];

/**
 * A month's statement as one table: the opening balance at the month's first instant, a row per
 * movement (local time with its offset, signed amount, balance after), the closing balance at the
 * month's end (or now). Amounts are exact decimals in USD with a dot, no grouping.
 */
export function statementCsv(statement: MonthlyStatement): string {
  const at = (instant: Date) => localIso(instant, statement.timeZone);
  return csvRows(
    [
      [...STATEMENT_CSV_HEADER],
      [at(statement.from), 'opening', 'Opening balance', '', Money.format(statement.openingCents)],
      ...statement.lines.map((line) => [
        at(line.at),
        line.type,
        line.description,
        Money.format(line.amountCents),
        Money.format(line.balanceAfterCents),
      ]),
      [
        at(statement.to),
        'closing',
        statement.current ? 'Closing balance (month to date)' : 'Closing balance',
        '',
        Money.format(statement.closingCents),
      ],
    ],
    AMOUNT_COLUMNS,
  );
}

export function statementFileName(month: string, extension: 'csv' | 'pdf'): string {
  return `statement-${month}.${extension}`;
}

export function interestCertificateFileName(year: number): string {
  return `interest-certificate-${year}.pdf`;
}

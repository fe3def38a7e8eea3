import { CsvError, parse } from 'csv-parse/sync';
import { BANK_STATEMENT_CSV_HEADER } from '@savings/contracts';
import {
  assignContentKeys,
  cleanText,
  MAX_STATEMENT_BYTES,
  parseStatementAmount,
  parseStatementDate,
  periodOf,
  StatementFormatError,
  type ParsedStatement,
  type StatementEntry,
} from './statement-entry';

/**
 * The documented CSV statement (api-contract.md section 11): RFC 4180, UTF-8, this header first, one
 * booked entry a row. `amount` is signed: positive for money received, negative (a leading minus) for
 * money sent. `entry_ref` is the bank's reference; an empty one makes the entry known by its content.
 */
export const STATEMENT_CSV_HEADER = BANK_STATEMENT_CSV_HEADER.split(',');

const MAX_FIELD = 1000;
const QUOTE = 0x22;

/**
 * RFC 4180 records with the line each starts on, read by csv-parse: quotes may hold commas, quotes
 * ("") and line breaks; records end at LF, CR or CRLF; blank lines are skipped but counted. Beyond the
 * RFC, a quote inside an unquoted field is text (`ab"c`), as banks' exports have it; text after a
 * closing quote is refused. Every refusal names the line.
 */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  // one kind of line break, so that csv-parse counts lines as an editor shows them
  const lines = text.replace(/\r\n?/g, '\n');
  const source = Buffer.from(lines, 'utf8');
  const physicalLines = lines.split('\n');
  let previousEnd = 0;
  /** A record starts on the first line after the previous record that is not blank. */
  const recordStart = () => {
    let line = previousEnd + 1;
    while (physicalLines[line - 1] === '') line += 1;
    return line;
  };
  const starts: number[] = [];
  try {
    const rows = parse(lines, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      cast: (value, field) => {
        // relax_quotes also reads on after a closing quote ("b"c): that is not a field. `field.bytes`
        // is where the field ends in the UTF-8 source, so a quoted field's last byte must be its quote.
        if (field.quoting && source[field.bytes - 1] !== QUOTE) {
          throw new StatementFormatError(
            `Line ${field.lines}: a quoted field must end at a comma or the end of the line.`,
          );
        }
        if (value.length > MAX_FIELD) {
          throw new StatementFormatError(`Line ${recordStart()}: a field is longer than ${MAX_FIELD} characters.`);
        }
        return value;
      },
      on_record: (row, record) => {
        starts.push(recordStart());
        previousEnd = record.lines;
        return row;
      },
    });
    return rows.map((fields, index) => ({ line: starts[index], fields }));
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new StatementFormatError(`Line ${recordStart()}: a quoted field is not closed.`);
    }
    throw error;
  }
}

export function parseStatementCsv(input: string): ParsedStatement {
  if (Buffer.byteLength(input, 'utf8') > MAX_STATEMENT_BYTES) {
    throw new StatementFormatError('The statement is larger than 5 MB.');
  }
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records = csvRecords(text);
  const [header, ...rows] = records;
  if (!header || header.fields.map((name) => name.trim().toLowerCase()).join(',') !== STATEMENT_CSV_HEADER.join(',')) {
    throw new StatementFormatError(`Line 1: the header must be ${STATEMENT_CSV_HEADER.join(',')}.`);
  }
  const raw = rows.map(({ line, fields }) => {
    const at = `Line ${line}`;
    if (fields.length !== STATEMENT_CSV_HEADER.length) {
      throw new StatementFormatError(`${at}: expected ${STATEMENT_CSV_HEADER.length} fields, found ${fields.length}.`);
    }
    const [date, amount, currency, remittance, name, iban, reference] = fields.map((field) => field.trim());
    const bookingDate = parseStatementDate(date);
    if (!bookingDate || date.length !== 10) throw new StatementFormatError(`${at}: booking_date must be YYYY-MM-DD.`);
    const debit = amount.startsWith('-');
    const cents = parseStatementAmount(debit ? amount.slice(1) : amount);
    if (cents === null) {
      throw new StatementFormatError(`${at}: amount "${cleanText(amount, 40)}" is not an amount in whole cents.`);
    }
    if (!/^[A-Z]{3}$/.test(currency)) throw new StatementFormatError(`${at}: currency must be a 3-letter code.`);
    const entry: Omit<StatementEntry, 'key'> & { reference: string | null } = {
      bookingDate,
      amountCents: cents,
      currency,
      direction: debit ? 'debit' : 'credit',
      booked: true,
      reversal: false,
      remittance: cleanText(remittance, MAX_FIELD),
      counterpartyName: name ? cleanText(name, 140) : null,
      counterpartyIban: iban ? iban.replace(/\s+/g, '').toUpperCase().slice(0, 34) : null,
      endToEndId: null,
      reference: reference ? cleanText(reference, 140) : null,
      position: `line ${line}`,
    };
    return entry;
  });
  const entries = assignContentKeys(null, raw);
  return { format: 'csv', accountIban: null, ...periodOf(entries), entries };
}

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

/** RFC 4180 records with the line each starts on; quotes may hold commas, quotes ("") and line breaks. */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    recordLine = line;
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          throw new StatementFormatError(`Line ${line}: a quoted field must end at a comma or the end of the line.`);
        }
        continue;
      }
      if (char === '\n') line += 1;
      field += char;
      i += 1;
      if (field.length > MAX_FIELD)
        throw new StatementFormatError(`Line ${recordLine}: a field is longer than ${MAX_FIELD} characters.`);
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      endRecord();
    } else {
      field += char;
      i += 1;
      if (field.length > MAX_FIELD)
        throw new StatementFormatError(`Line ${recordLine}: a field is longer than ${MAX_FIELD} characters.`);
    }
  }
  if (quoted) throw new StatementFormatError(`Line ${recordLine}: a quoted field is not closed.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
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

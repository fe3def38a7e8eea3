import { csvRecords, parseStatementCsv, STATEMENT_CSV_HEADER } from './statement-csv-parser';
import { MAX_STATEMENT_BYTES, StatementFormatError } from './statement-entry';

/**
 * The CSV statement, case by case: given a file, when it is read, then the records and entries it
 * holds (RFC 4180 quoting, line numbers across quoted line breaks, CRLF), or the refusal naming the
 * line at fault.
 */

const HEADER = STATEMENT_CSV_HEADER.join(',');

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('csvRecords', () => {
  it('splits fields at commas and records at LF, CR or CRLF, numbering each record by its first line', () => {
    expect(csvRecords('a,b\r\nc,d\re,f\ng,h')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
      { line: 3, fields: ['e', 'f'] },
      { line: 4, fields: ['g', 'h'] },
    ]);
  });

  it('skips blank lines but counts them', () => {
    expect(csvRecords('a\n\n\nb\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 4, fields: ['b'] },
    ]);
  });

  it('keeps empty fields, a trailing one included', () => {
    expect(csvRecords(',x,\n')).toEqual([{ line: 1, fields: ['', 'x', ''] }]);
    expect(csvRecords('x,')).toEqual([{ line: 1, fields: ['x', ''] }]);
  });

  it('reads quoted commas, doubled quotes and line breaks, and counts the lines a quote spans', () => {
    expect(csvRecords('"a,b","say ""hi""","two\nlines"\nnext')).toEqual([
      { line: 1, fields: ['a,b', 'say "hi"', 'two\nlines'] },
      { line: 3, fields: ['next'] },
    ]);
    expect(csvRecords('"x"\r\n"y"')).toEqual([
      { line: 1, fields: ['x'] },
      { line: 2, fields: ['y'] },
    ]);
  });

  it('takes a quote inside an unquoted field as text', () => {
    expect(csvRecords('ab"c,d')).toEqual([{ line: 1, fields: ['ab"c', 'd'] }]);
  });

  it('refuses text after a closing quote, and a quote left open', () => {
    expect(refusal(() => csvRecords('a\n"b"c,d'))).toBe(
      'Line 2: a quoted field must end at a comma or the end of the line.',
    );
    expect(refusal(() => csvRecords('a\n"b\nc'))).toBe('Line 2: a quoted field is not closed.');
  });

  it('tells a doubled quote at the end of a quoted field from text after its closing quote, after any characters', () => {
    expect(csvRecords('é€,"""b""c",x\n"ü""",y')).toEqual([
      { line: 1, fields: ['é€', '"b"c', 'x'] },
      { line: 2, fields: ['ü"', 'y'] },
    ]);
    expect(refusal(() => csvRecords('é€\n"two\nlines"x,y'))).toBe(
      'Line 3: a quoted field must end at a comma or the end of the line.',
    );
    expect(refusal(() => csvRecords('a\r\n\r\n\r\n"open,b'))).toBe('Line 4: a quoted field is not closed.');
  });

  it('refuses a field longer than 1000 characters, quoted or not, naming its record line', () => {
    const long = 'x'.repeat(1001);
    expect(csvRecords(`${'x'.repeat(1000)},"${'y'.repeat(1000)}"`)[0].fields.map((f) => f.length)).toEqual([
      1000, 1000,
    ]);
    expect(refusal(() => csvRecords(`a\n${long}`))).toBe('Line 2: a field is longer than 1000 characters.');
    expect(refusal(() => csvRecords(`a\n"${long}"`))).toBe('Line 2: a field is longer than 1000 characters.');
  });
});

describe('parseStatementCsv', () => {
  it('reads an entry of each direction, with its counterparty and reference cleaned', () => {
    const statement = parseStatementCsv(
      `${HEADER}\n` +
        '2026-11-20, 1500.5 ,USD, Deposit  AMY2345C ,Amy  Example,de89 3704 0044 0532 0130 00,REF-1\n' +
        '2026-11-21,-20.00,EUR,payout,,,\n',
    );
    expect(statement).toEqual({
      format: 'csv',
      accountIban: null,
      from: '2026-11-20',
      to: '2026-11-21',
      entries: [
        {
          key: 'ref::REF-1',
          bookingDate: '2026-11-20',
          amountCents: 150050n,
          currency: 'USD',
          direction: 'credit',
          booked: true,
          reversal: false,
          remittance: 'Deposit AMY2345C',
          counterpartyName: 'Amy Example',
          counterpartyIban: 'DE89370400440532013000',
          endToEndId: null,
          position: 'line 2',
        },
        {
          key: expect.stringMatching(/^hash:[0-9a-f]{64}:0$/),
          bookingDate: '2026-11-21',
          amountCents: 2000n,
          currency: 'EUR',
          direction: 'debit',
          booked: true,
          reversal: false,
          remittance: 'payout',
          counterpartyName: null,
          counterpartyIban: null,
          endToEndId: null,
          position: 'line 3',
        },
      ],
    });
  });

  it('cuts a counterparty IBAN at 34 characters and a name or reference at 140', () => {
    const [entry] = parseStatementCsv(
      `${HEADER}\n2026-11-20,1.00,USD,r,${'n'.repeat(150)},${'A'.repeat(40)},${'R'.repeat(150)}\n`,
    ).entries;
    expect(entry.counterpartyIban).toBe('A'.repeat(34));
    expect(entry.counterpartyName).toBe('n'.repeat(140));
    expect(entry.key).toBe(`ref::${'R'.repeat(140)}`);
  });

  it('takes a header in any case with spaces, after a byte order mark; a header alone has no entries', () => {
    const header = STATEMENT_CSV_HEADER.map((name) => ` ${name.toUpperCase()} `).join(',');
    expect(parseStatementCsv(`\ufeff${header}\r\n`)).toEqual({
      format: 'csv',
      accountIban: null,
      from: null,
      to: null,
      entries: [],
    });
  });

  it('refuses an empty file and a header with a column missing or out of order', () => {
    const message = `Line 1: the header must be ${HEADER}.`;
    expect(refusal(() => parseStatementCsv(''))).toBe(message);
    expect(refusal(() => parseStatementCsv(STATEMENT_CSV_HEADER.slice(1).join(',')))).toBe(message);
    expect(refusal(() => parseStatementCsv([...STATEMENT_CSV_HEADER].reverse().join(',')))).toBe(message);
  });

  it('refuses a date with a time, a date that does not exist, and an amount of a fraction of a cent', () => {
    expect(refusal(() => parseStatementCsv(`${HEADER}\n2026-11-20T10:00,1.00,USD,r,n,i,x\n`))).toBe(
      'Line 2: booking_date must be YYYY-MM-DD.',
    );
    expect(refusal(() => parseStatementCsv(`${HEADER}\n2026-02-30,1.00,USD,r,n,i,x\n`))).toBe(
      'Line 2: booking_date must be YYYY-MM-DD.',
    );
    expect(refusal(() => parseStatementCsv(`${HEADER}\n2026-02-03,1.001,USD,r,n,i,x\n`))).toBe(
      'Line 2: amount "1.001" is not an amount in whole cents.',
    );
    expect(refusal(() => parseStatementCsv(`${HEADER}\n2026-02-03,--1,USD,r,n,i,x\n`))).toBe(
      'Line 2: amount "--1" is not an amount in whole cents.',
    );
  });

  it('refuses a currency that is not three capital letters', () => {
    for (const currency of ['US', 'USDX', 'U5D']) {
      expect(refusal(() => parseStatementCsv(`${HEADER}\n2026-02-03,1.00,${currency},r,n,i,x\n`))).toBe(
        'Line 2: currency must be a 3-letter code.',
      );
    }
  });

  it('refuses a file over 5 MB, counting bytes, not characters', () => {
    const rowOf = (filler: string) => `${HEADER}\n2026-11-20,1.00,USD,${filler},,,\n`;
    const room = MAX_STATEMENT_BYTES - Buffer.byteLength(rowOf(''));
    // two bytes a character: exactly 5 MB is still read (and refused for its long field), one byte more is not
    const fits = `${'é'.repeat(Math.floor(room / 2))}${'x'.repeat(room % 2)}`;
    expect(Buffer.byteLength(rowOf(fits))).toBe(MAX_STATEMENT_BYTES);
    expect(refusal(() => parseStatementCsv(rowOf(fits)))).toMatch(/longer than 1000/);
    expect(refusal(() => parseStatementCsv(rowOf(`${fits}x`)))).toBe('The statement is larger than 5 MB.');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCamt053 } from './camt053-parser';
import { parseStatementCsv } from './statement-csv-parser';
import { parseStatementAmount, StatementFormatError } from './statement-entry';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

const camt = (version: string, entries: string) =>
  `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">\n<BkToCstmrStmt><Stmt>\n<Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct>\n${entries}\n</Stmt></BkToCstmrStmt></Document>`;

const entry = (amount: string, extra = '') =>
  `<Ntry><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt>${extra}</Ntry>`;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('camt.053 parser', () => {
  it('reads version .02 with unstructured and structured remittance', () => {
    const statement = parseCamt053(fixture('camt053-v02.xml'));
    expect(statement).toMatchObject({
      format: 'camt.053.001.02',
      accountIban: 'CH9300762011623852957',
      from: '2026-11-20',
      to: '2026-11-20',
    });
    expect(statement.entries).toHaveLength(5);
    expect(statement.entries[0]).toMatchObject({
      key: 'ref:CH9300762011623852957:BANK-REF-0001',
      amountCents: 150000n,
      currency: 'USD',
      direction: 'credit',
      booked: true,
      remittance: 'Savings deposit amy2-345c',
      counterpartyName: 'Amy Example',
      counterpartyIban: 'DE89370400440532013000',
      endToEndId: null,
    });
    expect(statement.entries[1].remittance).toBe('BEN3 4565 / Monthly savings');
    expect(statement.entries[3].currency).toBe('EUR');
    expect(statement.entries[4].remittance).toContain('forgot the reference');
  });

  it('reads version .08: batch entries become one line per transaction, reversals and pending entries are flagged', () => {
    const statement = parseCamt053(fixture('camt053-v08.xml'));
    expect(statement.format).toBe('camt.053.001.08');
    expect(statement.entries.map((e) => [e.key, e.amountCents, e.direction, e.booked, e.reversal])).toEqual([
      ['ref:CH9300762011623852957:TX-77-1', 100000n, 'credit', true, false],
      ['ref:CH9300762011623852957:TX-77-2', 200000n, 'credit', true, false],
      ['ref:CH9300762011623852957:TX-77-3', 300000n, 'credit', true, false],
      ['ref:CH9300762011623852957:REV-0001', 150000n, 'debit', true, true],
      ['ref:CH9300762011623852957:PEND-0001', 250000n, 'credit', false, false],
    ]);
    expect(statement.entries[0]).toMatchObject({ counterpartyName: 'Dan Example', endToEndId: 'E2E-A' });
    expect(statement.entries[1].remittance).toBe('eve-6789-y');
  });

  it('reads a prefixed .05 document; entries without a reference are known by their content, twins apart', () => {
    const statement = parseCamt053(fixture('camt053-v05.xml'));
    expect(statement.format).toBe('camt.053.001.05');
    const [first, second, third] = statement.entries;
    expect(first).toMatchObject({ key: 'ref:CH9300762011623852957:ENTRY-0042', amountCents: 100050n });
    expect(first.remittance).toBe('Ref EVE 6789 Y & thanks');
    expect(second.key).toMatch(/^hash:[0-9a-f]{64}:0$/);
    expect(third.key).toMatch(/^hash:[0-9a-f]{64}:1$/);
    expect(parseCamt053(fixture('camt053-v05.xml')).entries.map((e) => e.key)).toEqual(
      statement.entries.map((e) => e.key),
    );
  });

  it('reads every version from .02 to .08 and refuses others', () => {
    for (const version of ['02', '03', '04', '05', '06', '07', '08']) {
      expect(parseCamt053(camt(version, entry('1000.00'))).format).toBe(`camt.053.001.${version}`);
    }
    expect(refusal(() => parseCamt053(camt('09', entry('1'))))).toMatch(
      /Line 2: Document: namespace .* is not camt\.053/,
    );
    expect(refusal(() => parseCamt053(camt('01', entry('1'))))).toMatch(/not camt\.053/);
  });

  it('names the line and element at fault', () => {
    const entries = `${entry('1000.00')}\n${entry('12.345')}`;
    expect(refusal(() => parseCamt053(camt('04', entries)))).toBe(
      'Line 6: Ntry 2 Amt: "12.345" is not a positive amount in whole cents.',
    );
    expect(refusal(() => parseCamt053(camt('04', entry('-5'))))).toMatch(/^Line 5: Ntry 1 Amt/);
    expect(
      refusal(() =>
        parseCamt053(
          camt(
            '04',
            '<Ntry><Amt Ccy="USD">5</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-02-30</Dt></BookgDt></Ntry>',
          ),
        ),
      ),
    ).toMatch(/Ntry 1 BookgDt/);
    expect(
      refusal(() =>
        parseCamt053(camt('04', '<Ntry><Amt Ccy="USD">5</Amt><CdtDbtInd>XX</CdtDbtInd><Sts>BOOK</Sts></Ntry>')),
      ),
    ).toMatch(/^Line 5: Ntry 1: CdtDbtInd must be CRDT or DBIT/);
    expect(refusal(() => parseCamt053(camt('04', '<Ntry><Amt Ccy="USD">5</Amt>')))).toMatch(
      /^Line \d+: the XML is not well-formed/,
    );
    expect(refusal(() => parseCamt053('not xml at all'))).toMatch(/not well-formed|Document/);
  });

  it('refuses DOCTYPE and entity declarations (no entity expansion), deep nesting and files over 5 MB', () => {
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<Document>&lol2;</Document>`;
    expect(refusal(() => parseCamt053(bomb))).toBe('Line 2: DOCTYPE and entity declarations are not accepted.');
    const deep = camt('04', `${'<X>'.repeat(60)}${'</X>'.repeat(60)}`);
    expect(refusal(() => parseCamt053(deep))).toMatch(/nested more than 40 levels/);
    const huge = camt('04', entry('1', `<AddtlNtryInf>${'x'.repeat(5 * 1024 * 1024)}</AddtlNtryInf>`));
    expect(refusal(() => parseCamt053(huge))).toBe('The statement is larger than 5 MB.');
  });

  it('decodes the predefined entities and character references, and nothing else', () => {
    const statement = parseCamt053(
      camt('04', entry('1', '<AddtlNtryInf>Caf&#233; &lt;AMY2345C&gt; &#x41;&amp;B &unknown;</AddtlNtryInf>')),
    );
    expect(statement.entries[0].remittance).toBe('Café <AMY2345C> A&B &unknown;');
  });

  it('keeps amounts exact (no floating point)', () => {
    expect(parseStatementAmount('1000000000000.00')).toBe(100000000000000n);
    expect(parseStatementAmount('0.1')).toBe(10n);
    expect(parseStatementAmount('1.10000')).toBe(110n);
    expect(parseStatementAmount('1.001')).toBeNull();
    expect(parseStatementAmount('0')).toBeNull();
    expect(parseStatementAmount('1e3')).toBeNull();
    expect(parseStatementAmount('1000000000000.01')).toBeNull();
  });
});

describe('CSV statement parser', () => {
  it('reads the documented CSV: signed amounts, quoted fields across lines, content keys without entry_ref', () => {
    const statement = parseStatementCsv(fixture('statement.csv'));
    expect(statement).toMatchObject({ format: 'csv', from: '2026-11-22', to: '2026-11-22' });
    expect(statement.entries.map((e) => [e.key, e.amountCents, e.direction, e.currency])).toEqual([
      ['ref::CSV-0001', 150000n, 'credit', 'USD'],
      ['ref::CSV-0002', 100000n, 'debit', 'USD'],
      ['ref::CSV-0003', 25000n, 'credit', 'GBP'],
      [expect.stringMatching(/^hash:[0-9a-f]{64}:0$/), 90000n, 'credit', 'USD'],
    ]);
    expect(statement.entries[0]).toMatchObject({
      remittance: 'Deposit AMY2345C, thanks',
      counterpartyIban: 'DE89370400440532013000',
    });
    expect(statement.entries[3].remittance).toBe('multi line "quoted" remittance');
  });

  it('names the line at fault', () => {
    const header = 'booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref';
    expect(refusal(() => parseStatementCsv('date,amount\n'))).toMatch(/^Line 1: the header must be/);
    expect(
      refusal(() => parseStatementCsv(`${header}\n2026-11-20,10.00,USD,a,b,c,d\n2026-11-20,abc,USD,a,b,c,d\n`)),
    ).toBe('Line 3: amount "abc" is not an amount in whole cents.');
    expect(refusal(() => parseStatementCsv(`${header}\n2026-13-01,10.00,USD,a,b,c,d\n`))).toBe(
      'Line 2: booking_date must be YYYY-MM-DD.',
    );
    expect(refusal(() => parseStatementCsv(`${header}\n2026-11-01,10.00,USD,a,b,c\n`))).toBe(
      'Line 2: expected 7 fields, found 6.',
    );
    expect(refusal(() => parseStatementCsv(`${header}\n2026-11-01,10.00,usd,a,b,c,d\n`))).toBe(
      'Line 2: currency must be a 3-letter code.',
    );
    expect(refusal(() => parseStatementCsv(`${header}\n2026-11-01,10.00,USD,"open,b,c,d\n`))).toMatch(
      /^Line 2: a quoted field is not closed/,
    );
  });
});

import { csvCell, csvRows } from '../shared/csv';
import { CSV_HEADER, escapeXml, payoutCsv, payoutPain001, type PayoutDocument } from './payout-file-format';

/**
 * Every field of the payout files, pinned byte for byte: a bank rejects (or, worse, misroutes) a file
 * with a missing IBAN, reference or EndToEndId, so no field may drop out unnoticed.
 */

const document: PayoutDocument = {
  fileId: 7,
  payoutDate: '2026-12-01',
  createdAt: new Date('2026-12-01T09:08:07.654Z'),
  lines: [
    {
      withdrawalId: 11,
      beneficiary: 'Anna Rossi',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountCents: 100000n,
      reference: 'Withdrawal 11 REF1',
    },
    {
      withdrawalId: 12,
      beneficiary: 'Bo & Co',
      iban: 'FR1420041010050500013M02606',
      bic: '',
      amountCents: 5n,
      reference: 'Withdrawal 12 REF2',
    },
  ],
};

describe('pain.001.001.03 payout file', () => {
  it('writes every field: group header, our account and BIC, each transfer with its payee and reference', () => {
    expect(payoutPain001(document)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
        '  <CstmrCdtTrfInitn>',
        '    <GrpHdr>',
        '      <MsgId>PAYOUT-7</MsgId>',
        '      <CreDtTm>2026-12-01T09:08:07</CreDtTm>',
        '      <NbOfTxs>2</NbOfTxs>',
        '      <CtrlSum>1000.05</CtrlSum>',
        '      <InitgPty><Nm>Savings Platform Ltd</Nm></InitgPty>',
        '    </GrpHdr>',
        '    <PmtInf>',
        '      <PmtInfId>PAYOUT-7-1</PmtInfId>',
        '      <PmtMtd>TRF</PmtMtd>',
        '      <BtchBookg>false</BtchBookg>',
        '      <NbOfTxs>2</NbOfTxs>',
        '      <CtrlSum>1000.05</CtrlSum>',
        '      <ReqdExctnDt>2026-12-01</ReqdExctnDt>',
        '      <Dbtr><Nm>Savings Platform Ltd</Nm></Dbtr>',
        '      <DbtrAcct><Id><IBAN>GB33BUKB20201555555555</IBAN></Id><Ccy>USD</Ccy></DbtrAcct>',
        '      <DbtrAgt><FinInstnId><BIC>BUKBGB22</BIC></FinInstnId></DbtrAgt>',
        '      <ChrgBr>SHAR</ChrgBr>',
        '      <CdtTrfTxInf>',
        '        <PmtId>',
        '          <InstrId>W11</InstrId>',
        '          <EndToEndId>WITHDRAWAL-11</EndToEndId>',
        '        </PmtId>',
        '        <Amt><InstdAmt Ccy="USD">1000.00</InstdAmt></Amt>',
        '        <CdtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></CdtrAgt>',
        '        <Cdtr><Nm>Anna Rossi</Nm></Cdtr>',
        '        <CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>',
        '        <RmtInf><Ustrd>Withdrawal 11 REF1</Ustrd></RmtInf>',
        '      </CdtTrfTxInf>',
        '      <CdtTrfTxInf>',
        '        <PmtId>',
        '          <InstrId>W12</InstrId>',
        '          <EndToEndId>WITHDRAWAL-12</EndToEndId>',
        '        </PmtId>',
        '        <Amt><InstdAmt Ccy="USD">0.05</InstdAmt></Amt>',
        '        <Cdtr><Nm>Bo &amp; Co</Nm></Cdtr>',
        '        <CdtrAcct><Id><IBAN>FR1420041010050500013M02606</IBAN></Id></CdtrAcct>',
        '        <RmtInf><Ustrd>Withdrawal 12 REF2</Ustrd></RmtInf>',
        '      </CdtTrfTxInf>',
        '    </PmtInf>',
        '  </CstmrCdtTrfInitn>',
        '</Document>',
        '',
      ].join('\n'),
    );
  });

  it('an empty file has no transfers, a zero control sum and a zero count', () => {
    const xml = payoutPain001({ ...document, lines: [] });
    expect(xml.match(/<NbOfTxs>0<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>0\.00<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).not.toContain('<CdtTrfTxInf>');
  });

  it('cuts text fields at their ISO 20022 maximum length, counting characters, not UTF-16 units', () => {
    const long = (char: string, n: number) => char.repeat(n);
    const xml = payoutPain001({
      ...document,
      lines: [
        {
          withdrawalId: 1,
          beneficiary: long('é', 69) + '😀' + 'X',
          iban: long('D', 35),
          bic: long('B', 12),
          amountCents: 100000n,
          reference: long('r', 141),
        },
      ],
    });
    expect(xml).toContain(`<Nm>${long('é', 69)}😀</Nm>`);
    expect(xml).toContain(`<IBAN>${long('D', 34)}</IBAN>`);
    expect(xml).toContain(`<BIC>${long('B', 11)}</BIC>`);
    expect(xml).toContain(`<Ustrd>${long('r', 140)}</Ustrd>`);
  });

  it('escapes each XML special character and removes what XML 1.0 cannot carry', () => {
    expect(escapeXml('&')).toBe('&amp;');
    expect(escapeXml('<')).toBe('&lt;');
    expect(escapeXml('>')).toBe('&gt;');
    expect(escapeXml('"')).toBe('&quot;');
    expect(escapeXml("'")).toBe('&apos;');
    expect(escapeXml('a&&b<<c>>d""e\'\'f')).toBe('a&amp;&amp;b&lt;&lt;c&gt;&gt;d&quot;&quot;e&apos;&apos;f');
    expect(escapeXml('\u0000\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF')).toBe('');
    // tab, line feed and carriage return are allowed
    expect(escapeXml('a\tb\nc\rd é')).toBe('a\tb\nc\rd é');
  });
});

describe('CSV payout file', () => {
  it('writes the header and one row per transfer, CRLF after each', () => {
    expect(CSV_HEADER).toEqual(['beneficiary', 'iban', 'bic', 'amount', 'reference']);
    expect(payoutCsv(document)).toBe(
      'beneficiary,iban,bic,amount,reference\r\n' +
        'Anna Rossi,DE89370400440532013000,COBADEFFXXX,1000.00,Withdrawal 11 REF1\r\n' +
        'Bo & Co,FR1420041010050500013M02606,,0.05,Withdrawal 12 REF2\r\n',
    );
    expect(payoutCsv({ ...document, lines: [] })).toBe('beneficiary,iban,bic,amount,reference\r\n');
  });

  it('quotes cells with quotes, commas or line breaks and disarms formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe(`"cr\rhere"`);
    for (const lead of ['=', '+', '-', '@', '\t']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell('\r1')).toBe(`"'\r1"`);
    expect(csvCell('1=1')).toBe('1=1');
    expect(csvCell('')).toBe('');
  });

  it('writes raw columns as they are', () => {
    expect(csvRows([['-5.00', '-5.00', 'x,y']], [1])).toBe(`'-5.00,-5.00,"x,y"\r\n`);
    expect(csvRows([['=a'], ['b']])).toBe(`'=a\r\nb\r\n`);
    expect(csvRows([])).toBe('');
  });
});

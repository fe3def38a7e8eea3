import {
  csvCell,
  escapeXml,
  payoutCsv,
  payoutEndToEndId,
  payoutFileName,
  payoutPain001,
  payoutTotalCents,
  PAYOUT_CSV_HEADER,
  PAYOUT_FILE_FORMATS,
  renderPayoutFile,
  type PayoutDocument,
} from './payout-file';

/**
 * Every field of the payout files, pinned byte for byte: a bank rejects (or, worse, misroutes) a file
 * with a missing IBAN, reference or EndToEndId, so no field may drop out unnoticed.
 */

const document: PayoutDocument = {
  payoutFileId: 7,
  payoutDate: '2026-12-01',
  createdAt: '2026-12-01T09:08:07.654Z',
  debtor: { name: 'Savings Platform Ltd', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
  items: [
    {
      withdrawalId: 11,
      userId: 3,
      endToEndId: 'WITHDRAWAL-11',
      amountCents: '100000',
      beneficiary: 'Anna Rossi',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      reference: 'Withdrawal 11 REF1',
    },
    {
      withdrawalId: 12,
      userId: 4,
      endToEndId: 'WITHDRAWAL-12',
      amountCents: '5',
      beneficiary: 'Bo & Co',
      iban: 'FR1420041010050500013M02606',
      bic: '',
      reference: 'Withdrawal 12 REF2',
    },
  ],
  itemCount: 2,
  totalCents: '100005',
};

const PAIN001 = [
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
].join('\n');

const CSV =
  'beneficiary,iban,bic,amount,reference,end_to_end_id\r\n' +
  'Anna Rossi,DE89370400440532013000,COBADEFFXXX,1000.00,Withdrawal 11 REF1,WITHDRAWAL-11\r\n' +
  'Bo & Co,FR1420041010050500013M02606,,0.05,Withdrawal 12 REF2,WITHDRAWAL-12\r\n';

describe('pain.001.001.03 payout file', () => {
  it('writes every field: group header, our account and BIC, each transfer with its payee and reference', () => {
    expect(payoutPain001(document)).toBe(PAIN001);
    expect(renderPayoutFile(document, 'xml')).toBe(PAIN001);
  });

  it('an empty file has no transfers, a zero control sum and a zero count', () => {
    const xml = payoutPain001({ ...document, items: [] });
    expect(xml.match(/<NbOfTxs>0<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>0\.00<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).not.toContain('<CdtTrfTxInf>');
  });

  it('cuts text fields at their ISO 20022 maximum length, counting characters, not UTF-16 units', () => {
    const long = (char: string, n: number) => char.repeat(n);
    const xml = payoutPain001({
      ...document,
      debtor: { name: long('n', 71), iban: long('I', 35), bic: long('C', 12) },
      items: [
        {
          ...document.items[0],
          endToEndId: long('E', 36),
          beneficiary: long('é', 69) + '😀' + 'X',
          iban: long('D', 35),
          bic: long('B', 12),
          reference: long('r', 141),
        },
      ],
    });
    expect(xml).toContain(`<Cdtr><Nm>${long('é', 69)}😀</Nm></Cdtr>`);
    expect(xml).toContain(`<CdtrAcct><Id><IBAN>${long('D', 34)}</IBAN>`);
    expect(xml).toContain(`<CdtrAgt><FinInstnId><BIC>${long('B', 11)}</BIC>`);
    expect(xml).toContain(`<Ustrd>${long('r', 140)}</Ustrd>`);
    expect(xml).toContain(`<EndToEndId>${long('E', 35)}</EndToEndId>`);
    expect(xml).toContain(`<InitgPty><Nm>${long('n', 70)}</Nm></InitgPty>`);
    expect(xml).toContain(`<Dbtr><Nm>${long('n', 70)}</Nm></Dbtr>`);
    expect(xml).toContain(`<DbtrAcct><Id><IBAN>${long('I', 34)}</IBAN>`);
    expect(xml).toContain(`<DbtrAgt><FinInstnId><BIC>${long('C', 11)}</BIC>`);
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
    expect(PAYOUT_CSV_HEADER).toEqual(['beneficiary', 'iban', 'bic', 'amount', 'reference', 'end_to_end_id']);
    expect(payoutCsv(document)).toBe(CSV);
    expect(renderPayoutFile(document, 'csv')).toBe(CSV);
    expect(payoutCsv({ ...document, items: [] })).toBe('beneficiary,iban,bic,amount,reference,end_to_end_id\r\n');
  });
});

describe('payout file names and totals', () => {
  it('names files, transfers and formats', () => {
    expect(PAYOUT_FILE_FORMATS).toEqual(['csv', 'xml']);
    expect(payoutFileName(document, 'csv')).toBe('payout-2026-12-01-7.csv');
    expect(payoutFileName(document, 'xml')).toBe('payout-2026-12-01-7.xml');
    expect(payoutEndToEndId(12)).toBe('WITHDRAWAL-12');
  });

  it('totals the items exactly', () => {
    expect(payoutTotalCents([])).toBe(0n);
    expect(payoutTotalCents([{ amountCents: '99999999999999999' }, { amountCents: '1' }])).toBe(100000000000000000n);
  });
});

describe('payout CSV cells', () => {
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
});

import {
  escapeXml,
  payoutCsv,
  payoutEndToEndId,
  payoutFileName,
  payoutPain001,
  renderPayoutFile,
  type PayoutDocument,
} from './payout-file';

const document: PayoutDocument = {
  payoutFileId: 7,
  payoutDate: '2026-12-01',
  createdAt: '2026-12-01T09:00:00.123Z',
  debtor: { name: 'Savings Platform Ltd', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
  items: [
    {
      withdrawalId: 11,
      userId: 3,
      endToEndId: payoutEndToEndId(11),
      beneficiary: 'Anna "Nan" Rossi, Ltd',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountCents: '100000',
      reference: 'Withdrawal 11 REF1',
    },
    {
      withdrawalId: 12,
      userId: 4,
      endToEndId: payoutEndToEndId(12),
      beneficiary: '=HYPERLINK("x") & <Co>',
      iban: 'GB33BUKB20201555555555',
      bic: '',
      amountCents: '123456789',
      reference: 'Withdrawal 12 REF2',
    },
  ],
  itemCount: 2,
  totalCents: '123556789',
};

describe('payout file formats', () => {
  it('names each transfer by its withdrawal: WITHDRAWAL-<id> (bank reconciliation matches exactly this)', () => {
    expect(payoutEndToEndId(42)).toBe('WITHDRAWAL-42');
    expect(payoutFileName(document, 'xml')).toBe('payout-2026-12-01-7.xml');
  });

  it('writes CSV with quoting, the end-to-end id column, and without spreadsheet formulas', () => {
    const lines = payoutCsv(document).split('\r\n');
    expect(lines[0]).toBe('beneficiary,iban,bic,amount,reference,end_to_end_id');
    expect(lines[1]).toBe(
      '"Anna ""Nan"" Rossi, Ltd",DE89370400440532013000,COBADEFFXXX,1000.00,Withdrawal 11 REF1,WITHDRAWAL-11',
    );
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""x"") & <Co>",GB33BUKB20201555555555,,1234567.89,Withdrawal 12 REF2,WITHDRAWAL-12`,
    );
    expect(lines[3]).toBe('');
  });

  it('writes pain.001.001.03 with control sum, count, end-to-end ids and escaped names', () => {
    const xml = payoutPain001(document);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>1235567.89<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<Nm>=HYPERLINK(&quot;x&quot;) &amp; &lt;Co&gt;</Nm>');
    expect(xml).toContain('<InstdAmt Ccy="USD">1000.00</InstdAmt>');
    expect(xml).toContain('<EndToEndId>WITHDRAWAL-11</EndToEndId>');
    expect(xml).toContain('<EndToEndId>WITHDRAWAL-12</EndToEndId>');
    expect(xml).toContain('<CreDtTm>2026-12-01T09:00:00</CreDtTm>');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>GB33BUKB20201555555555</IBAN></Id><Ccy>USD</Ccy></DbtrAcct>');
    // no BIC given: no creditor agent
    expect(xml.match(/<CdtrAgt>/g)).toHaveLength(1);
    expect(xml).toContain('<ReqdExctnDt>2026-12-01</ReqdExctnDt>');
  });

  it('renders the same bytes from the same payload (verify re-renders stored files)', () => {
    const copy = JSON.parse(JSON.stringify(document)) as PayoutDocument;
    expect(renderPayoutFile(copy, 'csv')).toBe(renderPayoutFile(document, 'csv'));
    expect(renderPayoutFile(copy, 'xml')).toBe(renderPayoutFile(document, 'xml'));
  });

  it('escapes every XML special character and drops control characters', () => {
    expect(escapeXml(`<a href='x'>"&"</a>\u0001`)).toBe('&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});

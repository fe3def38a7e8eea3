import { escapeXml, payoutCsv, payoutPain001, type PayoutDocument } from './payout-file-format';

const document: PayoutDocument = {
  fileId: 7,
  payoutDate: '2026-12-01',
  createdAt: new Date('2026-12-01T09:00:00Z'),
  lines: [
    {
      withdrawalId: 11,
      beneficiary: 'Anna "Nan" Rossi, Ltd',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountCents: 100000n,
      reference: 'Withdrawal 11 REF1',
    },
    {
      withdrawalId: 12,
      beneficiary: '=HYPERLINK("x") & <Co>',
      iban: 'GB33BUKB20201555555555',
      bic: '',
      amountCents: 123456789n,
      reference: 'Withdrawal 12 REF2',
    },
  ],
};

describe('payout file formats', () => {
  it('writes CSV with quoting and without spreadsheet formulas', () => {
    const lines = payoutCsv(document).split('\r\n');
    expect(lines[0]).toBe('beneficiary,iban,bic,amount,reference');
    expect(lines[1]).toBe('"Anna ""Nan"" Rossi, Ltd",DE89370400440532013000,COBADEFFXXX,1000.00,Withdrawal 11 REF1');
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"") & <Co>",GB33BUKB20201555555555,,1234567.89,Withdrawal 12 REF2`);
    expect(lines[3]).toBe('');
  });

  it('writes pain.001.001.03 with control sum, count and escaped names', () => {
    const xml = payoutPain001(document);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>1235567.89<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<Nm>=HYPERLINK(&quot;x&quot;) &amp; &lt;Co&gt;</Nm>');
    expect(xml).toContain('<InstdAmt Ccy="USD">1000.00</InstdAmt>');
    // no BIC given: no creditor agent
    expect(xml.match(/<CdtrAgt>/g)).toHaveLength(1);
    expect(xml).toContain('<ReqdExctnDt>2026-12-01</ReqdExctnDt>');
  });

  it('escapes every XML special character and drops control characters', () => {
    expect(escapeXml(`<a href='x'>"&"</a>\u0001`)).toBe('&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});

import { DEPOSIT_BANK } from '@savings/contracts';
import { Money } from '@savings/domain';
import { csvCell } from '../shared/csv';

/** One bank transfer of a payout file. */
export interface PayoutLine {
  withdrawalId: number;
  beneficiary: string;
  iban: string;
  /** Empty when the customer gave none; the XML then leaves the creditor agent out. */
  bic: string;
  amountCents: bigint;
  reference: string;
}

export interface PayoutDocument {
  fileId: number;
  payoutDate: string;
  createdAt: Date;
  lines: PayoutLine[];
}

export const CSV_HEADER = ['beneficiary', 'iban', 'bic', 'amount', 'reference'] as const;

/** RFC 4180 CSV; a cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function payoutCsv(document: PayoutDocument): string {
  const rows = [
    CSV_HEADER.join(','),
    ...document.lines.map((line) =>
      [line.beneficiary, line.iban, line.bic, Money.format(line.amountCents), line.reference].map(csvCell).join(','),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

export function escapeXml(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // characters XML 1.0 cannot carry at all
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
  );
}

/** ISO 20022 text fields have maximum lengths (Max35Text, Max70Text, Max140Text). */
function text(value: string, max: number): string {
  return escapeXml(Array.from(value).slice(0, max).join(''));
}

/** ISO 20022 customer credit transfer initiation (pain.001.001.03): one payment, one transfer per line. */
export function payoutPain001(document: PayoutDocument): string {
  const total = Money.format(document.lines.reduce((sum, line) => sum + line.amountCents, 0n));
  const count = document.lines.length;
  const messageId = `PAYOUT-${document.fileId}`;
  const created = document.createdAt.toISOString().slice(0, 19);
  const transfers = document.lines.map((line) =>
    [
      '      <CdtTrfTxInf>',
      '        <PmtId>',
      `          <InstrId>${text(`W${line.withdrawalId}`, 35)}</InstrId>`,
      `          <EndToEndId>${text(`WITHDRAWAL-${line.withdrawalId}`, 35)}</EndToEndId>`,
      '        </PmtId>',
      `        <Amt><InstdAmt Ccy="USD">${Money.format(line.amountCents)}</InstdAmt></Amt>`,
      ...(line.bic ? [`        <CdtrAgt><FinInstnId><BIC>${text(line.bic, 11)}</BIC></FinInstnId></CdtrAgt>`] : []),
      `        <Cdtr><Nm>${text(line.beneficiary, 70)}</Nm></Cdtr>`,
      `        <CdtrAcct><Id><IBAN>${text(line.iban, 34)}</IBAN></Id></CdtrAcct>`,
      `        <RmtInf><Ustrd>${text(line.reference, 140)}</Ustrd></RmtInf>`,
      '      </CdtTrfTxInf>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${text(messageId, 35)}</MsgId>`,
    `      <CreDtTm>${created}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    `      <InitgPty><Nm>${text(DEPOSIT_BANK.beneficiary, 70)}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${text(`${messageId}-1`, 35)}</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    '      <BtchBookg>false</BtchBookg>',
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    `      <ReqdExctnDt>${document.payoutDate}</ReqdExctnDt>`,
    `      <Dbtr><Nm>${text(DEPOSIT_BANK.beneficiary, 70)}</Nm></Dbtr>`,
    `      <DbtrAcct><Id><IBAN>${DEPOSIT_BANK.iban}</IBAN></Id><Ccy>USD</Ccy></DbtrAcct>`,
    `      <DbtrAgt><FinInstnId><BIC>${DEPOSIT_BANK.swift}</BIC></FinInstnId></DbtrAgt>`,
    '      <ChrgBr>SHAR</ChrgBr>',
    ...transfers,
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}

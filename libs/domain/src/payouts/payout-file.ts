import { format as formatCents } from '../money/money';

/**
 * A bank payout file as the ledger records it (the `PayoutFileIssued` event's payload) and the two
 * renderings sent to the bank, pure functions of it: the file's bytes follow from the event alone,
 * so `ledger verify` re-renders every stored file and compares bytes and hashes.
 */

/** One bank transfer of a payout file. Amounts are integer cents as decimal text, like every event. */
export interface PayoutItem {
  withdrawalId: number;
  userId: number;
  /** pain.001 `EndToEndId` and the CSV column: `WITHDRAWAL-<withdrawal id>` (bank reconciliation matches it). */
  endToEndId: string;
  amountCents: string;
  beneficiary: string;
  iban: string;
  /** Empty when the customer gave none; the XML then leaves the creditor agent out. */
  bic: string;
  reference: string;
}

/** The platform's account the transfers are paid from (pain.001 debtor and initiating party). */
export interface PayoutDebtor {
  name: string;
  iban: string;
  bic: string;
}

export type PayoutFileFormat = 'csv' | 'xml';
export const PAYOUT_FILE_FORMATS: readonly PayoutFileFormat[] = ['csv', 'xml'];

export interface PayoutFileIssuedData {
  payoutFileId: number;
  /** YYYY-MM-DD in APP_TIMEZONE: the requested execution date */
  payoutDate: string;
  /** ISO-8601 instant the file was made (pain.001 `CreDtTm`) */
  createdAt: string;
  debtor: PayoutDebtor;
  items: PayoutItem[];
  itemCount: number;
  totalCents: string;
  /** SHA-256 (hex) of each rendering's bytes, as stored and downloaded */
  sha256: Record<PayoutFileFormat, string>;
}

/** The end-to-end id of a withdrawal's transfer; bank-statement reconciliation matches exactly this. */
export function payoutEndToEndId(withdrawalId: number): string {
  return `WITHDRAWAL-${withdrawalId}`;
}

/** The total of a file's items, in cents. */
export function payoutTotalCents(items: readonly Pick<PayoutItem, 'amountCents'>[]): bigint {
  return items.reduce((sum, item) => sum + BigInt(item.amountCents), 0n);
}

/** What a rendering needs: the payload without its hashes (they are computed from the rendering). */
export type PayoutDocument = Omit<PayoutFileIssuedData, 'sha256'>;

/** The download name of a rendering, as the API serves it and verify names it. */
export function payoutFileName(
  document: Pick<PayoutDocument, 'payoutFileId' | 'payoutDate'>,
  format: PayoutFileFormat,
) {
  return `payout-${document.payoutDate}-${document.payoutFileId}.${format}`;
}

export function renderPayoutFile(document: PayoutDocument, format: PayoutFileFormat): string {
  return format === 'csv' ? payoutCsv(document) : payoutPain001(document);
}

export const PAYOUT_CSV_HEADER = ['beneficiary', 'iban', 'bic', 'amount', 'reference', 'end_to_end_id'] as const;

/**
 * RFC 4180 CSV cell for files people open in spreadsheets: a cell a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return first) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV, rows ending with CRLF. */
export function payoutCsv(document: PayoutDocument): string {
  const rows = [
    PAYOUT_CSV_HEADER.join(','),
    ...document.items.map((item) =>
      [item.beneficiary, item.iban, item.bic, formatCents(BigInt(item.amountCents)), item.reference, item.endToEndId]
        .map(csvCell)
        .join(','),
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

/** ISO 20022 customer credit transfer initiation (pain.001.001.03): one payment, one transfer per item. */
export function payoutPain001(document: PayoutDocument): string {
  const total = formatCents(payoutTotalCents(document.items));
  const count = document.items.length;
  const messageId = `PAYOUT-${document.payoutFileId}`;
  const created = document.createdAt.slice(0, 19);
  const { debtor } = document;
  const transfers = document.items.map((item) =>
    [
      '      <CdtTrfTxInf>',
      '        <PmtId>',
      `          <InstrId>${text(`W${item.withdrawalId}`, 35)}</InstrId>`,
      `          <EndToEndId>${text(item.endToEndId, 35)}</EndToEndId>`,
      '        </PmtId>',
      `        <Amt><InstdAmt Ccy="USD">${formatCents(BigInt(item.amountCents))}</InstdAmt></Amt>`,
      ...(item.bic ? [`        <CdtrAgt><FinInstnId><BIC>${text(item.bic, 11)}</BIC></FinInstnId></CdtrAgt>`] : []),
      `        <Cdtr><Nm>${text(item.beneficiary, 70)}</Nm></Cdtr>`,
      `        <CdtrAcct><Id><IBAN>${text(item.iban, 34)}</IBAN></Id></CdtrAcct>`,
      `        <RmtInf><Ustrd>${text(item.reference, 140)}</Ustrd></RmtInf>`,
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
    `      <InitgPty><Nm>${text(debtor.name, 70)}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${text(`${messageId}-1`, 35)}</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    '      <BtchBookg>false</BtchBookg>',
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    `      <ReqdExctnDt>${document.payoutDate}</ReqdExctnDt>`,
    `      <Dbtr><Nm>${text(debtor.name, 70)}</Nm></Dbtr>`,
    `      <DbtrAcct><Id><IBAN>${text(debtor.iban, 34)}</IBAN></Id><Ccy>USD</Ccy></DbtrAcct>`,
    `      <DbtrAgt><FinInstnId><BIC>${text(debtor.bic, 11)}</BIC></FinInstnId></DbtrAgt>`,
    '      <ChrgBr>SHAR</ChrgBr>',
    ...transfers,
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}

import { Injectable } from '@nestjs/common';
import { CURRENCY, OPERATOR } from '@savings/contracts';
import { A4_MARGIN, createPdf, drawFacts, drawTable, finishPdf, type Pdf } from '../pdf/pdf-document';
import type { StatementDocuments } from './statement-documents';
import {
  formatCentsGrouped,
  type StatementHolder,
  type InterestCertificate,
  type MonthlyStatement,
} from './statement-figures';
import { localIso } from './statement-period';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const monthTitle = (month: string): string =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** "2026-03-08 10:00" in the zone (the zone is named once in the period line). */
const localTime = (instant: Date, timeZone: string): string =>
  localIso(instant, timeZone).slice(0, 16).replace('T', ' ');

const usd = (cents: bigint): string => `${formatCentsGrouped(cents)} ${CURRENCY}`;

function heading(doc: Pdf, title: string): void {
  doc.font('bold').fontSize(18).fillColor('#0b2a4a').text(title);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#555555')
    .text(`${OPERATOR.company} · ${OPERATOR.office} · ${OPERATOR.email}`);
  doc.moveDown(1);
}

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** A person by their name; a business by its legal name and registration, with its representative. */
function holderFacts(holder: StatementHolder): [string, string][] {
  const business: [string, string][] =
    holder.holderType !== 'individual' && holder.legalName
      ? [
          ['Account holder', `${holder.legalName} (${holder.holderType})`],
          [
            'Registration',
            `${holder.registrationNumber ?? ''}, ${holder.country ? (COUNTRY_NAMES.of(holder.country) ?? holder.country) : ''}`,
          ],
          ['Represented by', holder.name],
        ]
      : [['Account holder', holder.name]];
  return [...business, ['E-mail', holder.email], ['Reference code', holder.referenceCode]];
}

/** The statements as A4 PDFs laid out with pdfkit (fonts embedded by pdf-document.ts). */
@Injectable()
export class PdfkitStatementDocuments implements StatementDocuments {
  monthlyStatementPdf(s: MonthlyStatement): Promise<Buffer> {
    const title = `Account statement — ${monthTitle(s.month)}`;
    const doc = createPdf({
      title,
      subject: `${s.holder.referenceCode} ${s.month}`,
      author: OPERATOR.company,
      language: 'en',
    });
    heading(doc, title);
    drawFacts(doc, [
      ...holderFacts(s.holder),
      [
        'Period',
        `${localTime(s.from, s.timeZone)} to ${localTime(s.to, s.timeZone)} (${s.timeZone})${s.current ? ', month to date' : ''}`,
      ],
      ['Generated', `${localTime(s.generatedAt, s.timeZone)} (${s.timeZone})`],
    ]);
    doc.moveDown(0.8);
    drawFacts(doc, [
      ['Opening balance', usd(s.openingCents)],
      ['Credits', usd(s.creditsCents)],
      ['Debits', usd(-s.debitsCents)],
      ['Closing balance', usd(s.closingCents)],
    ]);
    doc.moveDown(0.8);
    const width = doc.page.width - 2 * A4_MARGIN;
    drawTable(
      doc,
      [
        { header: 'Date', width: 90 },
        { header: 'Type', width: 62 },
        { header: 'Description', width: width - 90 - 62 - 80 - 90 },
        { header: `Amount (${CURRENCY})`, width: 80, align: 'right' },
        { header: `Balance (${CURRENCY})`, width: 90, align: 'right' },
      ],
      [
        [localTime(s.from, s.timeZone), 'opening', 'Opening balance', '', formatCentsGrouped(s.openingCents)],
        ...s.lines.map((line) => [
          localTime(line.at, s.timeZone),
          line.type,
          line.description,
          formatCentsGrouped(line.amountCents),
          formatCentsGrouped(line.balanceAfterCents),
        ]),
        [localTime(s.to, s.timeZone), 'closing', 'Closing balance', '', formatCentsGrouped(s.closingCents)],
      ],
    );
    doc.moveDown(1);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#555555')
      .text(
        'Every figure comes from the platform’s ledger: the opening balance is the balance at the period’s first instant ' +
          'and the closing balance the balance at its end (for the current month: when this statement was made). ' +
          'Events count at their effective time; interest is credited daily at 10:00.',
        A4_MARGIN,
        doc.y,
        { width },
      );
    return finishPdf(doc, `${OPERATOR.company} · Statement ${s.month} · ${s.holder.referenceCode}`);
  }

  interestCertificatePdf(c: InterestCertificate): Promise<Buffer> {
    const title = `Interest certificate ${c.year}`;
    const doc = createPdf({
      title,
      subject: `${c.holder.referenceCode} ${c.year}`,
      author: OPERATOR.company,
      language: 'en',
    });
    heading(doc, title);
    drawFacts(doc, [
      ...holderFacts(c.holder),
      [
        'Period',
        `${localTime(c.from, c.timeZone)} to ${localTime(c.to, c.timeZone)} (${c.timeZone})${c.current ? ', year to date' : ''}`,
      ],
      ['Generated', `${localTime(c.generatedAt, c.timeZone)} (${c.timeZone})`],
    ]);
    doc.moveDown(0.8);
    doc
      .font('regular')
      .fontSize(10)
      .fillColor('#111111')
      .text(
        `${OPERATOR.company} certifies that the interest below was credited to this account in ${c.year}, ` +
          'at a fixed rate of 7% a year credited daily.',
      );
    doc.moveDown(0.8);
    const width = doc.page.width - 2 * A4_MARGIN;
    drawTable(
      doc,
      [
        { header: 'Month', width: width - 110 - 140 },
        { header: 'Daily credits', width: 110, align: 'right' },
        { header: `Interest (${CURRENCY})`, width: 140, align: 'right' },
      ],
      [
        ...c.months.map((m) => [monthTitle(m.month), String(m.credits), formatCentsGrouped(m.interestCents)]),
        ['Total', String(c.months.reduce((sum, m) => sum + m.credits, 0)), formatCentsGrouped(c.totalInterestCents)],
      ],
    );
    doc.moveDown(0.8);
    drawFacts(doc, [
      ['Balance at the start of the period', usd(c.openingCents)],
      [c.current ? 'Balance now' : 'Balance at the end of the period', usd(c.closingCents)],
      ['Total interest credited', usd(c.totalInterestCents)],
    ]);
    return finishPdf(doc, `${OPERATOR.company} · Interest certificate ${c.year} · ${c.holder.referenceCode}`);
  }
}

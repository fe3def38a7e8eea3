import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * PDFs through pdfkit with DejaVu Sans embedded (subset per document), which covers Latin, Greek and
 * Cyrillic: a customer's name or a note in any of the site's languages prints as written. Shared by
 * the statements and the technical overview; nothing else here knows what a document says.
 */

interface Fonts {
  regular: Font;
  bold: Font;
}

let fonts: Fonts | undefined;

/**
 * The fonts, parsed once per process and handed to every document (pdfkit takes a fontkit font as
 * well as a file): parsing DejaVu's tables was most of a statement's rendering time. Each document
 * still embeds its own subset.
 */
function loadFonts(): Fonts {
  const open = (file: string) => create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Font;
  fonts ??= { regular: open('DejaVuSans.ttf'), bold: open('DejaVuSans-Bold.ttf') };
  return fonts;
}

export type PdfFont = 'regular' | 'bold';
export type Pdf = PDFKit.PDFDocument;

export const A4_MARGIN = 56;

export interface PdfInfo {
  title: string;
  subject?: string;
  author: string;
  /** BCP 47, e.g. "en", "ru" */
  language: string;
}

/** A new A4 document with the embedded fonts registered and pages kept for numbering. */
export function createPdf(info: PdfInfo): Pdf {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    bufferPages: true,
    lang: info.language,
    displayTitle: true,
    // pdfkit reads every member given (an undefined Subject throws)
    info: {
      Title: info.title,
      Author: info.author,
      Creator: info.author,
      ...(info.subject === undefined ? {} : { Subject: info.subject }),
    },
  });
  // @types/pdfkit names only paths and buffers; pdfkit also takes a fontkit font (anything with layout())
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  doc.font('regular');
  return doc;
}

/** Writes "footer · Page n of N" at the bottom of every page, then ends the document and returns its bytes. */
export function finishPdf(
  doc: Pdf,
  footer: string,
  pageLabel: (page: number, pages: number) => string = (page, pages) => `Page ${page} of ${pages}`,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // below the bottom margin: lift it for the footer, or pdfkit would start a new page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#555555')
      .text(`${footer} · ${pageLabel(index + 1, count)}`, A4_MARGIN, doc.page.height - A4_MARGIN + 20, {
        width: doc.page.width - 2 * A4_MARGIN,
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table from the current position: a bold header row (repeated on each new page), then the rows;
 * a cell wraps within its column and the row takes the height of its tallest cell.
 */
export function drawTable(doc: Pdf, columns: readonly TableColumn[], rows: readonly (readonly string[])[]): void {
  const left = A4_MARGIN;
  const size = 8.5;
  const padding = 3;
  const rowHeight = (cells: readonly string[], font: PdfFont) => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - padding })));
  };
  const drawRow = (cells: readonly string[], font: PdfFont, shade: boolean) => {
    const height = rowHeight(cells, font) + 2 * padding;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (font === 'regular')
        drawRow(
          columns.map((c) => c.header),
          'bold',
          true,
        );
    }
    const top = doc.y;
    if (shade) {
      doc
        .rect(
          left,
          top,
          columns.reduce((sum, c) => sum + c.width, 0),
          height,
        )
        .fill('#eef2f7');
    }
    doc.fillColor('#111111').font(font).fontSize(size);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + (columns[i].align === 'right' ? 0 : padding), top + padding, {
        width: columns[i].width - padding,
        align: columns[i].align ?? 'left',
      });
      x += columns[i].width;
    });
    doc.x = left;
    doc.y = top + height;
  };
  drawRow(
    columns.map((c) => c.header),
    'bold',
    true,
  );
  rows.forEach((cells) => drawRow(cells, 'regular', false));
}

/** "Label: value" lines, the labels bold. */
export function drawFacts(doc: Pdf, facts: readonly [string, string][]): void {
  for (const [label, value] of facts) {
    doc.font('bold').fontSize(10).fillColor('#111111').text(`${label}: `, { continued: true });
    doc.font('regular').text(value);
  }
}

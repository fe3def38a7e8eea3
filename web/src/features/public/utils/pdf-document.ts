/**
 * A small PDF 1.4 writer for text documents: the standard Helvetica fonts (no embedding), A4 pages,
 * word wrapping measured with the fonts' own widths, page numbers. Enough for the technical overview,
 * and a few KB instead of a general PDF library; it loads only when someone downloads the PDF.
 */

export interface PdfSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface PdfDocumentContent {
  title: string;
  subtitle?: string;
  sections: PdfSection[];
  footer?: string;
}

type Font = 'regular' | 'bold';

// Advance widths (1/1000 em) of ASCII 32..126 in Helvetica and Helvetica-Bold (Adobe core font metrics).
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

// Characters outside Latin-1 that WinAnsiEncoding still has, with their byte.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};
const WIN_ANSI_WIDTH: Record<number, number> = {
  0x95: 350,
  0x96: 556,
  0x97: 1000,
  0x85: 1000,
  0x91: 222,
  0x92: 222,
  0x93: 333,
  0x94: 333,
};

/** The WinAnsi byte of a character; "?" for anything the standard fonts cannot show. */
function winAnsiByte(char: string): number {
  const mapped = WIN_ANSI[char];
  if (mapped !== undefined) return mapped;
  const code = char.codePointAt(0) ?? 63;
  return (code >= 32 && code <= 126) || (code >= 160 && code <= 255) ? code : 63;
}

export function textWidth(text: string, font: Font, size: number): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const char of text) {
    const byte = winAnsiByte(char);
    units += byte >= 32 && byte <= 126 ? table[byte - 32] : (WIN_ANSI_WIDTH[byte] ?? 556);
  }
  return (units * size) / 1000;
}

/** Splits text into lines no wider than `width` points (a word longer than a line gets its own line). */
export function wrapText(text: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, font, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const byte = winAnsiByte(char);
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FONT_NAME: Record<Font, string> = { regular: 'F1', bold: 'F2' };

interface Line {
  text: string;
  font: Font;
  size: number;
  x: number;
  /** Space before the line, in points. */
  before: number;
  leading: number;
  /** A list bullet drawn in the margin left of the line. */
  marker?: string;
}

function layout(content: PdfDocumentContent): Line[] {
  const lines: Line[] = [];
  const add = (
    text: string,
    font: Font,
    size: number,
    leading: number,
    indent = 0,
    firstBefore = 0,
    bullet = false,
  ) => {
    const wrapped = wrapText(text, font, size, CONTENT_WIDTH - indent);
    wrapped.forEach((part, index) => {
      lines.push({
        text: part,
        font,
        size,
        x: MARGIN + indent,
        before: index === 0 ? firstBefore : 0,
        leading,
        marker: bullet && index === 0 ? '•' : undefined,
      });
    });
  };
  add(content.title, 'bold', 22, 28);
  if (content.subtitle) add(content.subtitle, 'regular', 11, 15, 0, 6);
  for (const section of content.sections) {
    add(section.heading, 'bold', 14, 19, 0, 18);
    for (const paragraph of section.paragraphs) add(paragraph, 'regular', 10.5, 14.5, 0, 6);
    for (const bullet of section.bullets ?? []) add(bullet, 'regular', 10.5, 14.5, 16, 4, true);
  }
  return lines;
}

/** The document as the bytes of a PDF file. */
export function buildPdf(content: PdfDocumentContent): Uint8Array {
  // Paginate: each page is a list of drawing operators.
  const pages: string[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of layout(content)) {
    if (y - line.before - line.leading < MARGIN + 20) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
    } else {
      y -= line.before;
    }
    y -= line.leading;
    const page = pages[pages.length - 1];
    const font = `/${FONT_NAME[line.font]} ${line.size} Tf`;
    if (line.marker)
      page.push(`BT ${font} ${(line.x - 12).toFixed(2)} ${y.toFixed(2)} Td ${pdfString(line.marker)} Tj ET`);
    page.push(`BT ${font} ${line.x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`);
  }

  const objects: string[] = [];
  const pageCount = pages.length;
  // 1 catalog, 2 page tree, 3 and 4 fonts, then a page and its content stream per page
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, index) => `${5 + index * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((operators, index) => {
    const footerText = `${content.footer ? `${content.footer}  ·  ` : ''}Page ${index + 1} of ${pageCount}`;
    const footer = `0.4 g BT /F1 8.5 Tf ${MARGIN} ${(MARGIN - 24).toFixed(2)} Td ${pdfString(footerText)} Tj ET 0 g`;
    const stream = [...operators, footer].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + index * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });

  // Every character above is a single byte (WinAnsi), so string offsets are byte offsets.
  let file = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;

  const bytes = new Uint8Array(file.length);
  for (let index = 0; index < file.length; index += 1) bytes[index] = file.charCodeAt(index) & 0xff;
  return bytes;
}

/** Starts a browser download of the document. */
export function downloadPdf(content: PdfDocumentContent, fileName: string): void {
  const bytes = buildPdf(content);
  const blob = new Blob([bytes.buffer as ArrayBuffer], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // give the browser time to start the download before the URL is released
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import overview from '../../../i18n/content/technical-overview.json';
import { buildPdf, textWidth, wrapText } from './pdf-document';

function text(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
}

describe('PDF writer', () => {
  it('measures with Helvetica widths and wraps to the line width', () => {
    expect(textWidth('Hello', 'regular', 10)).toBeCloseTo(22.78, 2);
    expect(textWidth('Hello', 'bold', 10)).toBeGreaterThan(textWidth('Hello', 'regular', 10));
    const lines = wrapText('one two three four five six seven eight nine ten', 'regular', 10, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(60);
  });

  it('writes a well-formed PDF of the technical overview, every section on its pages', () => {
    const file = text(buildPdf({ title: overview.title, subtitle: overview.subtitle, sections: overview.sections }));
    expect(file.startsWith('%PDF-1.4')).toBe(true);
    expect(file.trimEnd().endsWith('%%EOF')).toBe(true);
    for (const section of overview.sections) expect(file).toContain(`(${section.heading.replace(/[()\\]/g, '\\$&')})`);

    // the cross-reference table points at each object's first byte
    const xrefAt = Number(/startxref\n(\d+)/.exec(file)?.[1]);
    expect(file.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...file.slice(xrefAt).matchAll(/(\d{10}) 00000 n/g)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(file.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    const pages = Number(/\/Count (\d+)/.exec(file)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(file).toContain(`(Page ${pages} of ${pages})`);
  });

  it('escapes parentheses and maps typographic characters to WinAnsi', () => {
    const file = text(buildPdf({ title: 'A (test) — “quoted”', sections: [] }));
    expect(file).toContain('(A \\(test\\) \x97 \x93quoted\x94)');
  });
});

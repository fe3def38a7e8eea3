import { csvCell, csvRows } from './csv';

describe('CSV cells and rows', () => {
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

  it('writes raw columns as they are, CRLF after each row', () => {
    expect(csvRows([['-5.00', '-5.00', 'x,y']], [1])).toBe(`'-5.00,-5.00,"x,y"\r\n`);
    expect(csvRows([['=a'], ['b']])).toBe(`'=a\r\nb\r\n`);
    expect(csvRows([])).toBe('');
  });
});

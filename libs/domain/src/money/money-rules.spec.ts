import { DomainError } from '../shared/domain-error';
import { format, formatUsd, fromCentsText, parse, toJsonNumber } from './money';

/** Each conversion of Money at its edges: what it accepts, what it refuses, how it writes signs. */
describe('Money.parse', () => {
  it('reads whole amounts, one and two decimals, and trims spaces', () => {
    expect(parse('1000')).toBe(100000n);
    expect(parse('1000.5')).toBe(100050n);
    expect(parse('1000.05')).toBe(100005n);
    expect(parse('0')).toBe(0n);
    expect(parse(' 12.34 ')).toBe(1234n);
    expect(parse('9999999999999999.99')).toBe(999999999999999999n);
  });

  it('refuses signs, exponents, three decimals, 17 digits, separators and empty text', () => {
    for (const text of ['-1', '+1', '1e3', '1.001', '12345678901234567', '1,000', '', '.5', '1.', 'abc', '1 000']) {
      expect(() => parse(text)).toThrow(DomainError);
    }
    try {
      parse('abc');
    } catch (error) {
      expect(error).toMatchObject({ code: 'MONEY.INVALID', kind: 'invalid', message: '"abc" is not an amount' });
    }
  });
});

describe('Money.format and formatUsd', () => {
  it('writes two decimals and keeps the sign', () => {
    expect(format(0n)).toBe('0.00');
    expect(format(7n)).toBe('0.07');
    expect(format(70n)).toBe('0.70');
    expect(format(123456n)).toBe('1234.56');
    expect(format(-123456n)).toBe('-1234.56');
    expect(format(-100n)).toBe('-1.00');
  });

  it('writes dollars with thousands separators', () => {
    expect(formatUsd(0n)).toBe('$0.00');
    expect(formatUsd(5n)).toBe('$0.05');
    expect(formatUsd(99999n)).toBe('$999.99');
    expect(formatUsd(100000n)).toBe('$1,000.00');
    expect(formatUsd(123456789n)).toBe('$1,234,567.89');
    expect(formatUsd(100000000000000n)).toBe('$1,000,000,000,000.00');
    expect(formatUsd(-150000n)).toBe('-$1,500.00');
    expect(formatUsd(-1n)).toBe('-$0.01');
  });
});

describe('Money.fromCentsText and toJsonNumber', () => {
  it('reads cents as text, numbers or bigints, signed', () => {
    expect(fromCentsText('12345')).toBe(12345n);
    expect(fromCentsText('-12')).toBe(-12n);
    expect(fromCentsText(42)).toBe(42n);
    expect(fromCentsText(7n)).toBe(7n);
    expect(fromCentsText('9999999999999999999')).toBe(9999999999999999999n);
  });

  it('refuses decimals, spaces, 20 digits and empty text', () => {
    for (const text of ['1.5', ' 5', '5 ', '', '99999999999999999999', '--1', '1e3', 1.5]) {
      expect(() => fromCentsText(text)).toThrow(DomainError);
    }
    expect(() => fromCentsText('x')).toThrow('"x" is not a cents amount');
    expect(() => fromCentsText('x')).toThrow(expect.objectContaining({ code: 'MONEY.INVALID', kind: 'invalid' }));
  });

  it('gives JSON numbers of cents or cents text', () => {
    expect(toJsonNumber(12345n)).toBe(123.45);
    expect(toJsonNumber('12345')).toBe(123.45);
    expect(toJsonNumber('-5')).toBe(-0.05);
    expect(toJsonNumber(0n)).toBe(0);
  });
});

import { formatUsdWhole } from '@savings/contracts';
import { computeRetirement, formatAmount, parsePension, requiredCapital } from './retirement';

describe('retirement arithmetic', () => {
  it('needs monthly pension x 12 / 0.07 of capital, shown in whole dollars', () => {
    expect(requiredCapital(5000)).toBeCloseTo(857142.857, 3);
    expect(formatUsdWhole(requiredCapital(5000))).toBe('$857,143');
    expect(formatUsdWhole(requiredCapital(100))).toBe('$17,143');
    expect(formatUsdWhole(requiredCapital(7000))).toBe('$1,200,000');
  });

  it('gives annual income as the pension times 12', () => {
    expect(computeRetirement(2500)).toEqual({
      monthlyPension: 2500,
      annualIncome: 30000,
      requiredCapital: (2500 * 12) / 0.07,
    });
  });

  it('keeps cents only when a pension has them', () => {
    expect(formatAmount(5000)).toBe('$5,000');
    expect(formatAmount(1234.5)).toBe('$1,234.50');
  });

  it('writes amounts as the page language does', () => {
    const capital = requiredCapital(5000);
    const written = (locale: string) => formatAmount(capital, locale, true).replace(/\s/g, ' ');
    expect(written('en')).toBe('$857,143');
    expect(written('it')).toBe('857.143 $');
    expect(written('de')).toBe('857.143 $');
    expect(written('es')).toBe('857.143 $');
    expect(written('fr')).toBe('857 143 $');
    expect(written('ru')).toBe('857 143 $');
    expect(written('uk')).toBe('857 143 $');
    expect(formatAmount(1234.5, 'de').replace(/\s/g, ' ')).toBe('1.234,50 $');
  });

  it.each(['', '   ', '0', '-100', 'abc', 'Infinity', 'NaN'])('refuses %p', (input) => {
    expect(parsePension(input)).toBeNull();
  });

  it.each([
    ['5000', 5000],
    ['0.5', 0.5],
    ['1e3', 1000],
  ])('accepts %p', (input, value) => {
    expect(parsePension(input)).toBe(value);
  });
});

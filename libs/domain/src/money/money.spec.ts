import fc from 'fast-check';
import { Money } from './index';

describe('Money', () => {
  it('parses canonical strings exactly and formats them back', () => {
    expect(Money.parse('1000.5')).toBe(100050n);
    expect(Money.parse('0.01')).toBe(1n);
    expect(Money.format(100050n)).toBe('1000.50');
    expect(Money.format(-5n)).toBe('-0.05');
    expect(Money.toJsonNumber(123456789012345n)).toBe(1234567890123.45);
    expect(() => Money.parse('1e3')).toThrow();
    expect(() => Money.parse('1.001')).toThrow();
  });

  it('round-trips every amount up to the maximum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 100_000_000_000_000n }), (cents) => {
        expect(Money.parse(Money.format(cents))).toBe(cents);
        expect(Money.toJsonNumber(cents).toFixed(2)).toBe(Money.format(cents));
      }),
    );
  });
});

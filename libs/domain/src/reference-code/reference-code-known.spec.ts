import { generateReferenceCode, isValidReferenceCode, normalizeReferenceCode } from './reference-code';

/**
 * Codes issued once stay valid forever (customers quote them on transfers for years): these are pinned,
 * so a change of alphabet, weights or check formula fails here instead of invalidating every code.
 */
const KNOWN_GOOD: [body: number[], code: string][] = [
  [[0, 0, 0, 0, 0, 0, 0], '22222222'],
  [[1, 2, 3, 4, 5, 6, 7], '34567898'],
  [[28, 27, 26, 25, 24, 23, 22], 'ZYXWVTRT'],
  [[10, 0, 5, 17, 3, 28, 9], 'C27K5ZBV'],
  [[0, 0, 0, 0, 0, 0, 1], '2222223Q'],
];

const source = (values: number[]) => {
  let index = 0;
  return () => values[index++];
};

describe('reference codes already issued', () => {
  it.each(KNOWN_GOOD)('%j generates %s, and it stays valid', (body, code) => {
    expect(generateReferenceCode(source(body))).toBe(code);
    expect(isValidReferenceCode(code)).toBe(true);
  });

  it('asks the random source for exactly 7 values in [0, 29)', () => {
    const asked: number[] = [];
    generateReferenceCode((n) => {
      asked.push(n);
      return 0;
    });
    expect(asked).toEqual([29, 29, 29, 29, 29, 29, 29]);
  });

  it('refuses a random source out of range', () => {
    for (const bad of [-1, 29, 1.5, Number.NaN]) {
      expect(() => generateReferenceCode(() => bad)).toThrow(new RangeError('randomInt out of range'));
    }
    expect(generateReferenceCode(() => 28)).toHaveLength(8);
  });

  it('accepts the forms people type: lower case, spaces and hyphens', () => {
    expect(normalizeReferenceCode(' c27k-5zbv ')).toBe('C27K5ZBV');
    expect(normalizeReferenceCode('C27K -- 5ZBV')).toBe('C27K5ZBV');
    expect(normalizeReferenceCode('c2\t7k\n5zbv')).toBe('C27K5ZBV');
    expect(isValidReferenceCode('c27k-5zbv')).toBe(true);
  });

  it('refuses 7 or 9 characters, characters outside the alphabet, and a wrong check', () => {
    expect(isValidReferenceCode('C27K5ZB')).toBe(false);
    expect(isValidReferenceCode('C27K5ZBV2')).toBe(false);
    expect(isValidReferenceCode('22222222'.slice(0, 7) + 'O')).toBe(false);
    expect(isValidReferenceCode('0222222' + '2')).toBe(false);
    expect(isValidReferenceCode('C27K5ZBW')).toBe(false);
    expect(isValidReferenceCode('')).toBe(false);
    // '0' is not in the alphabet; without the alphabet check its -1 would make this check character fit
    expect(isValidReferenceCode('02222224')).toBe(false);
  });
});

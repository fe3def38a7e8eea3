import fc from 'fast-check';
import {
  generateReferenceCode,
  isValidReferenceCode,
  normalizeReferenceCode,
  REFERENCE_CODE_ALPHABET,
  REFERENCE_CODE_LENGTH,
} from './reference-code';

const randomSource = (values: number[]) => {
  let index = 0;
  return (n: number) => values[index++ % values.length] % n;
};

describe('reference codes', () => {
  it('uses an alphabet without look-alike characters', () => {
    expect(REFERENCE_CODE_ALPHABET).toHaveLength(29);
    for (const char of '01OIL') expect(REFERENCE_CODE_ALPHABET).not.toContain(char);
    expect(new Set(REFERENCE_CODE_ALPHABET).size).toBe(REFERENCE_CODE_ALPHABET.length);
  });

  it('generates valid codes of fixed length from the alphabet', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 7, maxLength: 7 }), (values) => {
        const code = generateReferenceCode(randomSource(values));
        expect(code).toHaveLength(REFERENCE_CODE_LENGTH);
        expect([...code].every((char) => REFERENCE_CODE_ALPHABET.includes(char))).toBe(true);
        expect(isValidReferenceCode(code)).toBe(true);
      }),
    );
  });

  it('detects every single mistyped character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(28), { minLength: 7, maxLength: 7 }),
        fc.nat(REFERENCE_CODE_LENGTH - 1),
        fc.integer({ min: 1, max: 28 }),
        (values, position, shift) => {
          const code = generateReferenceCode(randomSource(values));
          const original = REFERENCE_CODE_ALPHABET.indexOf(code[position]);
          const replaced = REFERENCE_CODE_ALPHABET[(original + shift) % 29];
          const typo = code.slice(0, position) + replaced + code.slice(position + 1);
          expect(isValidReferenceCode(typo)).toBe(false);
        },
      ),
    );
  });

  it('detects every swap of two different characters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(28), { minLength: 7, maxLength: 7 }),
        fc.nat(REFERENCE_CODE_LENGTH - 1),
        fc.nat(REFERENCE_CODE_LENGTH - 1),
        (values, i, j) => {
          const code = generateReferenceCode(randomSource(values));
          fc.pre(code[i] !== code[j]);
          const chars = [...code];
          [chars[i], chars[j]] = [chars[j], chars[i]];
          expect(isValidReferenceCode(chars.join(''))).toBe(false);
        },
      ),
    );
  });

  it('accepts lower case, spaces and hyphens as typed by a person', () => {
    const code = generateReferenceCode(randomSource([3, 14, 15, 9, 26, 5, 28]));
    const typed = `${code.slice(0, 4).toLowerCase()} - ${code.slice(4)}`;
    expect(normalizeReferenceCode(typed)).toBe(code);
    expect(isValidReferenceCode(typed)).toBe(true);
  });

  it('refuses wrong lengths and foreign characters', () => {
    expect(isValidReferenceCode('')).toBe(false);
    expect(isValidReferenceCode('2345678')).toBe(false);
    expect(isValidReferenceCode('234567890')).toBe(false);
    expect(isValidReferenceCode('O2345672')).toBe(false);
  });

  it('refuses a random source that leaves the range', () => {
    expect(() => generateReferenceCode(() => 29)).toThrow(RangeError);
  });
});

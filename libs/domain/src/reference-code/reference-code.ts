/**
 * Customer reference codes quoted on bank transfers. 7 random characters plus 1 check character from a
 * 29-letter alphabet without look-alikes (no 0/O, 1/I/L, U, S): easy to read aloud and to type.
 * The check is a weighted sum modulo 29 (prime, weights 1..8 all distinct), so any single mistyped
 * character and any swap of two different characters is detected when deposits are matched.
 */
export const REFERENCE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRTVWXYZ';
export const REFERENCE_CODE_LENGTH = 8;
const BODY_LENGTH = REFERENCE_CODE_LENGTH - 1;
const MODULUS = REFERENCE_CODE_ALPHABET.length; // 29, prime

function checkValue(body: readonly number[]): number {
  // data weights 2..8, check weight 1: the check makes the weighted total 0 (mod 29)
  const total = body.reduce((sum, value, index) => sum + (index + 2) * value, 0);
  return (MODULUS - (total % MODULUS)) % MODULUS;
}

/**
 * A new code from a source of random integers in [0, n) (crypto.randomInt in production; a seeded
 * source in tests), so this stays pure.
 */
export function generateReferenceCode(randomInt: (n: number) => number): string {
  const body: number[] = [];
  for (let i = 0; i < BODY_LENGTH; i += 1) {
    const value = randomInt(MODULUS);
    if (!Number.isInteger(value) || value < 0 || value >= MODULUS) throw new RangeError('randomInt out of range');
    body.push(value);
  }
  return [...body, checkValue(body)].map((value) => REFERENCE_CODE_ALPHABET[value]).join('');
}

/** Upper-case, without spaces or hyphens: the form a code is compared in. */
export function normalizeReferenceCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** True when the (normalized) code has the right length, alphabet and check character. */
export function isValidReferenceCode(input: string): boolean {
  const code = normalizeReferenceCode(input);
  if (code.length !== REFERENCE_CODE_LENGTH) return false;
  const values = [...code].map((char) => REFERENCE_CODE_ALPHABET.indexOf(char));
  if (values.some((value) => value < 0)) return false;
  return checkValue(values.slice(0, BODY_LENGTH)) === values[BODY_LENGTH];
}

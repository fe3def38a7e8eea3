import { isValidBic, isValidIban } from './banking';

describe('IBAN and BIC checks', () => {
  it('accepts real IBANs with spaces and lower case', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and an unknown country', () => {
    expect(isValidIban('GB82WEST12345698765433')).toBe(false);
    expect(isValidIban('GB82WEST123456987654')).toBe(false);
    expect(isValidIban('ZZ82WEST12345698765432')).toBe(false);
  });
  it('checks BIC format (8 or 11)', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('deutdeff500')).toBe(true);
    expect(isValidBic('DEUTDEF')).toBe(false);
    expect(isValidBic('1EUTDEFF')).toBe(false);
  });
});

import { canonicalBankingDetails, isPayableTo } from './banking-details';

describe('the banking details a fingerprint covers', () => {
  const saved = { beneficiaryName: 'Bruno Costa', iban: 'DE89370400440532013000', bic: 'COBADEFF' };

  it('are the same destination however they are spelled', () => {
    const same = canonicalBankingDetails(saved);
    expect(
      canonicalBankingDetails({
        beneficiaryName: '  bruno   COSTA ',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      }),
    ).toBe(same);
    // NFKC: a full-width letter is its plain letter
    expect(canonicalBankingDetails({ ...saved, beneficiaryName: 'Ｂruno Costa' })).toBe(same);
    expect(same).toBe('["BRUNO COSTA","DE89370400440532013000","COBADEFF"]');
  });

  it('differ when any of name, IBAN or BIC differs, and no field runs into the next', () => {
    const base = canonicalBankingDetails(saved);
    expect(canonicalBankingDetails({ ...saved, iban: 'GB82WEST12345698765432' })).not.toBe(base);
    expect(canonicalBankingDetails({ ...saved, beneficiaryName: 'Chloe Costa' })).not.toBe(base);
    expect(canonicalBankingDetails({ ...saved, bic: 'COBADEFF001' })).not.toBe(base);
    expect(canonicalBankingDetails({ beneficiaryName: 'A", "B', iban: 'C', bic: null })).not.toBe(
      canonicalBankingDetails({ beneficiaryName: 'A', iban: 'B", "C', bic: null }),
    );
    expect(canonicalBankingDetails({ beneficiaryName: null, iban: null, bic: null })).toBe('["","",""]');
  });

  it('let money go only where the approval recorded, never on an approval that recorded nothing', () => {
    expect(isPayableTo('f1', 'f1')).toBe(true);
    expect(isPayableTo('f1', 'f2')).toBe(false);
    expect(isPayableTo(null, 'f1')).toBe(false);
    expect(isPayableTo(undefined, 'f1')).toBe(false);
    expect(isPayableTo('', '')).toBe(false);
  });
});

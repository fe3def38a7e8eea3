import {
  checkAccountHolder,
  countryCodeList,
  holderDisplayName,
  HolderMessages,
  isCountryCode,
  isHolderType,
  registrationKey,
} from './account-holder';

describe('account holders (contract section 18)', () => {
  const business = { holderType: 'company', legalName: 'Acme GmbH', registrationNumber: 'HRB 12345', country: 'DE' };

  it('makes a person of a body without holder fields, and refuses business fields on a person', () => {
    expect(checkAccountHolder({})).toEqual({
      holder: { holderType: 'individual', legalName: null, registrationNumber: null, country: null },
      errors: null,
    });
    expect(checkAccountHolder({ holderType: 'individual', legalName: 'Acme', country: 'DE' }).errors).toEqual({
      legalName: HolderMessages.notForIndividual,
      country: HolderMessages.notForIndividual,
    });
  });

  it('accepts a company and a foundation, in stored form', () => {
    expect(checkAccountHolder({ ...business, registrationNumber: '  HRB   12345 ' }).holder).toEqual({
      ...business,
      registrationNumber: 'HRB 12345',
    });
    expect(checkAccountHolder({ ...business, holderType: 'foundation' }).holder?.holderType).toBe('foundation');
  });

  it('names every field at fault at once', () => {
    expect(checkAccountHolder({ holderType: 'company' }).errors).toEqual({
      legalName: HolderMessages.legalNameRequired,
      registrationNumber: HolderMessages.registrationNumberRequired,
      country: HolderMessages.countryRequired,
    });
    expect(checkAccountHolder({ holderType: 'partnership' }).errors).toEqual({ holderType: HolderMessages.holderType });
  });

  it.each([
    ['A', HolderMessages.legalNameLength],
    ['L'.repeat(141), HolderMessages.legalNameLength],
    ['  ', HolderMessages.legalNameRequired],
  ])('refuses the legal name %j', (legalName, message) => {
    expect(checkAccountHolder({ ...business, legalName }).errors).toEqual({ legalName: message });
  });

  it('counts the legal name in characters, not UTF-16 units', () => {
    expect(checkAccountHolder({ ...business, legalName: '𝔄'.repeat(140) }).errors).toBeNull();
    expect(checkAccountHolder({ ...business, legalName: 'Ab' }).errors).toBeNull();
  });

  it.each(['HRB 1,2', 'HRB_1', '1'.repeat(41), 'HRB\t1', 'ＨＲＢ１'])(
    'refuses the registration number %j',
    (number) => {
      expect(checkAccountHolder({ ...business, registrationNumber: number }).errors).toEqual({
        registrationNumber: HolderMessages.registrationNumber,
      });
    },
  );

  it.each(['1', 'A-1/2.3 b', '1'.repeat(40)])('accepts the registration number %j', (number) => {
    expect(checkAccountHolder({ ...business, registrationNumber: number }).errors).toBeNull();
  });

  it('takes countries from the maintained ISO 3166-1 list, upper case only', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('VG')).toBe(true);
    for (const code of ['de', 'ZZ', 'UK', 'EU', 'DEU', '276', '', 'D']) expect(isCountryCode(code)).toBe(false);
    const codes = countryCodeList();
    expect(codes.length).toBeGreaterThanOrEqual(249);
    expect(codes).toEqual([...codes].sort());
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('gives one key to the spellings of one registration number', () => {
    expect(registrationKey('HRB 123/45')).toBe('HRB12345');
    expect(registrationKey('hrb-123.45')).toBe('HRB12345');
  });

  it('tells holder types apart', () => {
    expect(isHolderType('company')).toBe(true);
    expect(isHolderType('Company')).toBe(false);
    expect(isHolderType(undefined)).toBe(false);
  });

  it('names a business by its legal name with its representative, a person by their name', () => {
    expect(holderDisplayName({ name: 'Ada Lovelace', legalName: 'Acme GmbH' })).toBe('Acme GmbH (Ada Lovelace)');
    expect(holderDisplayName({ name: 'Ada Lovelace', legalName: null })).toBe('Ada Lovelace');
  });
});

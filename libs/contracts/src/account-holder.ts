import { getAlpha2Codes } from 'i18n-iso-countries';

/**
 * Who holds an account (api-contract.md section 18): a person, or a business (a company or a
 * foundation) represented by the person who registers it. Shared by web and server: the register
 * form checks what the server checks, in the same words.
 */
export const HOLDER_TYPES = ['individual', 'company', 'foundation'] as const;
export type HolderType = (typeof HOLDER_TYPES)[number];
export type BusinessHolderType = Exclude<HolderType, 'individual'>;

export function isHolderType(value: unknown): value is HolderType {
  return typeof value === 'string' && (HOLDER_TYPES as readonly string[]).includes(value);
}

export const LEGAL_NAME_MIN = 2;
export const LEGAL_NAME_MAX = 140;
export const REGISTRATION_NUMBER_MAX = 40;

/** 1-40 letters, digits, spaces, '-', '/', '.' (the ways registers write their numbers). */
const REGISTRATION_NUMBER = /^[A-Za-z0-9 ./-]{1,40}$/;

/**
 * ISO 3166-1 alpha-2 codes as the i18n-iso-countries package maintains them (the officially assigned
 * codes, plus XK for Kosovo, which registers and banks use). Upper case only: "de" is refused, so one
 * country has one spelling in the uniqueness of a business.
 */
let countryCodes: ReadonlySet<string> | null = null;
export function countryCodeList(): readonly string[] {
  return [...countrySet()].sort();
}
function countrySet(): ReadonlySet<string> {
  countryCodes ??= new Set(Object.keys(getAlpha2Codes()));
  return countryCodes;
}
export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) && countrySet().has(value);
}

export const HolderMessages = {
  holderType: 'Account type must be individual, company or foundation',
  legalNameRequired: 'Legal name is required for a company or foundation',
  legalNameLength: `Legal name must be ${LEGAL_NAME_MIN} to ${LEGAL_NAME_MAX} characters`,
  registrationNumberRequired: 'Registration number is required for a company or foundation',
  registrationNumber: `Registration number must be 1 to ${REGISTRATION_NUMBER_MAX} letters, digits, spaces, "-", "/" or "."`,
  countryRequired: 'Country is required for a company or foundation',
  country: 'Country must be an ISO 3166-1 alpha-2 code in upper case, e.g. DE',
  notForIndividual: 'Only a company or foundation has a legal name, registration number and country',
  businessTaken: 'This business already has an account',
} as const;

/** The business fields as sent (any may be missing). */
export interface HolderInput {
  holderType?: unknown;
  legalName?: unknown;
  registrationNumber?: unknown;
  country?: unknown;
}

/** The holder of a new account, checked and in stored form; a person has no business fields. */
export type HolderData =
  | { holderType: 'individual'; legalName: null; registrationNumber: null; country: null }
  | { holderType: BusinessHolderType; legalName: string; registrationNumber: string; country: string };

/**
 * The holder checks except the text rules of names: the server first puts the legal name through the
 * one rule of every name (control characters, direction overrides, Unicode normalization and spaces
 * folded) and passes it here in that form. Returns the holder in stored form, or a message per field
 * at fault.
 */
export function checkAccountHolder(
  input: HolderInput,
): { holder: HolderData; errors: null } | { holder: null; errors: Record<string, string> } {
  const holderType = input.holderType ?? 'individual';
  if (!isHolderType(holderType)) return { holder: null, errors: { holderType: HolderMessages.holderType } };
  const given = (['legalName', 'registrationNumber', 'country'] as const).filter(
    (field) => input[field] !== undefined && input[field] !== null,
  );
  if (holderType === 'individual') {
    if (given.length === 0) {
      return { holder: { holderType, legalName: null, registrationNumber: null, country: null }, errors: null };
    }
    return { holder: null, errors: Object.fromEntries(given.map((field) => [field, HolderMessages.notForIndividual])) };
  }
  const errors: Record<string, string> = {};
  const legalName = typeof input.legalName === 'string' ? input.legalName.trim() : '';
  if (input.legalName === undefined || input.legalName === null || legalName === '') {
    errors.legalName = HolderMessages.legalNameRequired;
  } else if (typeof input.legalName !== 'string' || [...legalName].length < LEGAL_NAME_MIN) {
    errors.legalName = HolderMessages.legalNameLength;
  } else if ([...legalName].length > LEGAL_NAME_MAX) {
    errors.legalName = HolderMessages.legalNameLength;
  }
  const registrationNumber =
    typeof input.registrationNumber === 'string' ? input.registrationNumber.trim().replace(/ +/g, ' ') : '';
  if (input.registrationNumber === undefined || input.registrationNumber === null || registrationNumber === '') {
    errors.registrationNumber = HolderMessages.registrationNumberRequired;
  } else if (!REGISTRATION_NUMBER.test(registrationNumber)) {
    errors.registrationNumber = HolderMessages.registrationNumber;
  }
  if (input.country === undefined || input.country === null || input.country === '') {
    errors.country = HolderMessages.countryRequired;
  } else if (!isCountryCode(input.country)) {
    errors.country = HolderMessages.country;
  }
  if (Object.keys(errors).length > 0) return { holder: null, errors };
  return { holder: { holderType, legalName, registrationNumber, country: input.country as string }, errors: null };
}

/**
 * What makes two registration numbers the same number: upper case, without the spaces, dots, slashes
 * and hyphens registers write them with ("HRB 123/45" and "hrb12345"). The database's unique index
 * (users_business_registration_unique) computes the same key.
 */
export function registrationKey(registrationNumber: string): string {
  return registrationNumber.replace(/[\s./-]/g, '').toUpperCase();
}

/**
 * What a holder is called in mails and notices: a person by their name, a business (the only holders
 * with a legal name) by its legal name with its representative: "Lovelace Engines GmbH (Ada Lovelace)".
 */
export function holderDisplayName(holder: { name: string; legalName: string | null }): string {
  return holder.legalName ? `${holder.legalName} (${holder.name})` : holder.name;
}

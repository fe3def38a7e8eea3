import { randomInt } from 'node:crypto';
import {
  checkAccountHolder,
  forbiddenCharactersMessage,
  hasForbiddenCharacters,
  HolderMessages,
  Messages,
  type HolderData,
  type HolderInput,
  type Role,
} from '@savings/contracts';
import { pgErrorCode, PG_UNIQUE_VIOLATION, type SqlQueryable } from '@savings/database';
import { DomainError, generateReferenceCode } from '@savings/domain';
import { mailLanguageOf } from '../mail/mail-templates';
import { normalizeEmail, normalizeName } from './user-identity';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  /** the language the customer's mails are written in (a site language; English otherwise) */
  language?: string;
  /** a person (the default) or a business with its legal name, registration number and country */
  holder?: HolderInput;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The rule of every name a person or business is known by (contract section 8): no control
 * characters or direction overrides, then the stored form (normalizeName). `label` names the field
 * in the message.
 */
export function checkNameText(text: string, field: string, label: string): string {
  // before folding: white space folding would turn a CR/LF into a space and hide it
  if (hasForbiddenCharacters(text)) throw invalid(field, forbiddenCharactersMessage(label));
  return normalizeName(text);
}

/** Checks name and e-mail the way every path into `users` must (the API DTOs check the same). */
export function checkIdentity(name: string, email: string): { name: string; email: string } {
  const cleanName = checkNameText(name, 'name', 'Name');
  const cleanEmail = normalizeEmail(email);
  if (cleanName.length === 0) throw invalid('name', Messages.allFieldsRequired);
  if (cleanName.includes('@')) throw invalid('name', Messages.nameHasAt);
  if (cleanName.length > 100) throw invalid('name', 'Name must be at most 100 characters');
  if (cleanEmail.length > 254 || !EMAIL.test(cleanEmail)) throw invalid('email', Messages.emailInvalid);
  return { name: cleanName, email: cleanEmail };
}

/**
 * The holder of a new account (contract section 18): a person by default; a business's legal name
 * follows the rule of every name (checkNameText), its other fields contracts' checkAccountHolder.
 */
export function checkHolder(input: HolderInput = {}): HolderData {
  const legalName =
    typeof input.legalName === 'string' ? checkNameText(input.legalName, 'legalName', 'Legal name') : input.legalName;
  const checked = checkAccountHolder({ ...input, legalName });
  if (checked.errors)
    throw new DomainError('USER.INVALID', 'invalid', Object.values(checked.errors)[0], checked.errors);
  return checked.holder;
}

/** Inserts the user with a fresh reference code; a (very rare) code collision just draws again. */
export async function insertUser(sql: SqlQueryable, user: NewUser): Promise<number> {
  const { name, email } = checkIdentity(user.name, user.email);
  const holder = checkHolder(user.holder);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      const [row] = await sql.query<{ id: string }>(
        `insert into users (name, email, password_hash, reference_code, role, language,
                            holder_type, legal_name, registration_number, country)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          name,
          email,
          user.passwordHash,
          generateReferenceCode(randomInt),
          user.role,
          mailLanguageOf(user.language),
          holder.holderType,
          holder.legalName,
          holder.registrationNumber,
          holder.country,
        ],
      );
      return Number(row.id);
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      const constraint = (error as { constraint?: string }).constraint;
      if (constraint === 'users_email_unique') {
        throw new DomainError('USER.EMAIL_TAKEN', 'conflict', Messages.emailTaken, { email: Messages.emailTaken });
      }
      // names are unique case-insensitively (sign-in accepts a name); the stored form folds spaces
      if (constraint === 'users_name_unique') {
        throw new DomainError('USER.NAME_TAKEN', 'conflict', Messages.nameTaken, { name: Messages.nameTaken });
      }
      // one business, one account: the same country and registration number (contract section 18)
      if (constraint === 'users_business_registration_unique') {
        throw new DomainError('USER.BUSINESS_TAKEN', 'conflict', HolderMessages.businessTaken, {
          registrationNumber: HolderMessages.businessTaken,
        });
      }
      if (constraint !== 'users_reference_code_unique') throw error;
    }
  }
  throw new DomainError(
    'USER.REFERENCE_CODE_EXHAUSTED',
    'unavailable',
    'Could not create the account. Please try again.',
  );
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('USER.INVALID', 'invalid', message, { [field]: message });
}

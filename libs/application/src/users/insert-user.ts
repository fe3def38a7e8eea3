import { randomInt } from 'node:crypto';
import { forbiddenCharactersMessage, hasForbiddenCharacters, Messages, type Role } from '@savings/contracts';
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
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks name and e-mail the way every path into `users` must (the API DTOs check the same). */
export function checkIdentity(name: string, email: string): { name: string; email: string } {
  // before folding: white space folding would turn a CR/LF into a space and hide it
  if (hasForbiddenCharacters(name)) throw invalid('name', forbiddenCharactersMessage('Name'));
  const cleanName = normalizeName(name);
  const cleanEmail = normalizeEmail(email);
  if (cleanName.length === 0) throw invalid('name', Messages.allFieldsRequired);
  if (cleanName.includes('@')) throw invalid('name', Messages.nameHasAt);
  if (cleanName.length > 100) throw invalid('name', 'Name must be at most 100 characters');
  if (cleanEmail.length > 254 || !EMAIL.test(cleanEmail)) throw invalid('email', Messages.emailInvalid);
  return { name: cleanName, email: cleanEmail };
}

/** Inserts the user with a fresh reference code; a (very rare) code collision just draws again. */
export async function insertUser(sql: SqlQueryable, user: NewUser): Promise<number> {
  const { name, email } = checkIdentity(user.name, user.email);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      const [row] = await sql.query<{ id: string }>(
        `insert into users (name, email, password_hash, reference_code, role, language)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [name, email, user.passwordHash, generateReferenceCode(randomInt), user.role, mailLanguageOf(user.language)],
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

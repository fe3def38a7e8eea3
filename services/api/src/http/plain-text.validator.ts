import { registerDecorator } from 'class-validator';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '@savings/contracts';

/**
 * A text field that is shown to people or written into files (names, beneficiary names, notes,
 * titles): no control characters and no bidirectional overrides (contract section 8). Non-strings
 * pass here; the field's type check reports them.
 */
export function PlainText(label: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'plainText',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: forbiddenCharactersMessage(label) },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasForbiddenCharacters(value) },
    });
}

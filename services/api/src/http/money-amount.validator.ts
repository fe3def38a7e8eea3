import { registerDecorator, type ValidationOptions } from 'class-validator';
import { Messages, parseAmountInput } from '@savings/contracts';
import { Money } from '@savings/domain';

/**
 * A money amount in a request body (contract section 2): a JSON number or a decimal string, positive,
 * finite, at most 2 decimals, at most 1,000,000,000,000. Refuses what @IsNumber lets through (-0, 1e20)
 * and everything else (NaN, "abc", arrays, null, booleans). Read the value with `toCanonicalAmount`.
 */
export function IsMoneyAmount(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isMoneyAmount',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: Messages.invalidAmount, ...options },
      validator: { validate: (value: unknown) => parseAmountInput(value) !== null },
    });
}

/**
 * At least `minimum` (whole dollars, e.g. 1000) with the given message. Passes values IsMoneyAmount
 * refuses, so only one message is reported for them. Compares exact cents.
 */
export function MinMoneyAmount(minimum: number, message: string): PropertyDecorator {
  const minimumCents = BigInt(minimum) * 100n;
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'minMoneyAmount',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: {
        validate: (value: unknown) => {
          const canonical = parseAmountInput(value);
          return canonical === null || Money.parse(canonical) >= minimumCents;
        },
      },
    });
}

/** The canonical decimal string ("1000.50") of an amount the DTO already validated. */
export function toCanonicalAmount(value: number | string): string {
  const canonical = parseAmountInput(value);
  if (canonical === null) throw new TypeError('amount was not validated');
  return canonical;
}

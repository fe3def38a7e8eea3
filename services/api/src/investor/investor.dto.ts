import { ApiProperty } from '@nestjs/swagger';
import {
  IsNotEmpty,
  IsString,
  MaxLength,
  MinLength,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import {
  isValidBic,
  isValidIban,
  MAX_PASSWORD_LENGTH,
  Messages,
  MIN_DEPOSIT,
  MIN_PASSWORD_LENGTH,
  MIN_WITHDRAWAL,
  type BankingDetailsRequest,
  type ChangePasswordRequest,
  type DepositRequestCreate,
  type WithdrawalRequest,
} from '@savings/contracts';
import { IsMoneyAmount, MinMoneyAmount } from '../http/money-amount.validator';
import { PlainText } from '../http/plain-text.validator';

const AMOUNT_DESCRIPTION = 'USD: a JSON number or a decimal string, at most 2 decimals, at most 1,000,000,000,000.';

export class DepositRequestDto implements DepositRequestCreate {
  @ApiProperty({
    description: AMOUNT_DESCRIPTION,
    oneOf: [
      { type: 'number', minimum: MIN_DEPOSIT },
      { type: 'string', example: '5000.00' },
    ],
    example: 5000,
  })
  @IsMoneyAmount()
  @MinMoneyAmount(MIN_DEPOSIT, Messages.minDeposit)
  amount!: number | string;
}

export class WithdrawalDto implements WithdrawalRequest {
  @ApiProperty({
    description: AMOUNT_DESCRIPTION,
    oneOf: [
      { type: 'number', minimum: MIN_WITHDRAWAL },
      { type: 'string', example: '1500.00' },
    ],
    example: 1500,
  })
  @IsMoneyAmount()
  @MinMoneyAmount(MIN_WITHDRAWAL, Messages.minWithdrawal)
  amount!: number | string;
}

function Satisfies(check: (value: string) => boolean, message: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'satisfies',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: { validate: (value: unknown) => typeof value !== 'string' || value.trim() === '' || check(value) },
    });
}

function EqualsProperty(other: string, message: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'equalsProperty',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [other],
      options: { message },
      validator: {
        // an empty or missing value is reported by the required check alone
        validate: (value: unknown, args: ValidationArguments) =>
          typeof value !== 'string' || value === '' || value === (args.object as Record<string, unknown>)[other],
      },
    });
}

export class BankingDetailsDto implements BankingDetailsRequest {
  @ApiProperty({ example: 'Ada Lovelace', maxLength: 140 })
  @IsString({ message: Messages.beneficiaryRequired })
  @IsNotEmpty({ message: Messages.beneficiaryRequired })
  @MaxLength(140, { message: 'Beneficiary name must be at most 140 characters' })
  @PlainText('Beneficiary name')
  beneficiaryName!: string;

  @ApiProperty({
    description: 'Checked for country length and mod-97 check digits; spaces allowed.',
    example: 'DE89 3704 0044 0532 0130 00',
  })
  @IsString({ message: Messages.ibanRequired })
  @IsNotEmpty({ message: Messages.ibanRequired })
  @MaxLength(64, { message: Messages.ibanInvalid })
  @Satisfies(isValidIban, Messages.ibanInvalid)
  iban!: string;

  @ApiProperty({ description: 'SWIFT/BIC, 8 or 11 characters.', example: 'COBADEFFXXX' })
  @IsString({ message: Messages.swiftRequired })
  @IsNotEmpty({ message: Messages.swiftRequired })
  @MaxLength(32, { message: Messages.swiftInvalid })
  @Satisfies(isValidBic, Messages.swiftInvalid)
  swift!: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsString({ message: Messages.currentPasswordRequired })
  @IsNotEmpty({ message: Messages.currentPasswordRequired })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: Messages.currentPasswordWrong })
  currentPassword!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @IsString({ message: Messages.newPasswordTooShort })
  @MinLength(MIN_PASSWORD_LENGTH, { message: Messages.newPasswordTooShort })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: Messages.passwordTooLong })
  newPassword!: string;

  @ApiProperty({ description: 'Must equal newPassword.' })
  @IsString({ message: Messages.confirmPasswordRequired })
  @IsNotEmpty({ message: Messages.confirmPasswordRequired })
  @EqualsProperty('newPassword', Messages.passwordsDontMatch)
  confirmPassword!: string;
}

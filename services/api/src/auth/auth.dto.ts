import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  HOLDER_TYPES,
  HolderMessages,
  LEGAL_NAME_MAX,
  REGISTRATION_NUMBER_MAX,
  type HolderType,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  Messages,
  type LoginRequest,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
  type RegisterRequest,
} from '@savings/contracts';
import { PlainText } from '../http/plain-text.validator';

export class LoginDto implements LoginRequest {
  @ApiProperty({
    description: 'An e-mail address, or a name (names are unique, compared case-insensitively with spaces folded).',
    example: 'ada@example.com',
  })
  @IsString({ message: Messages.usernameRequired })
  @IsNotEmpty({ message: Messages.usernameRequired })
  @MaxLength(254, { message: Messages.invalidCredentials })
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple', maxLength: MAX_PASSWORD_LENGTH })
  @IsString({ message: Messages.passwordRequired })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: Messages.passwordTooLong })
  password!: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({
    description:
      'Display name, unique (compared case-insensitively with runs of spaces folded; 409 when taken); no @, control characters or direction overrides.',
    example: 'Ada Lovelace',
    maxLength: 100,
  })
  @IsString({ message: Messages.allFieldsRequired })
  @IsNotEmpty({ message: Messages.allFieldsRequired })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @Matches(/^[^@]*$/, { message: Messages.nameHasAt })
  @PlainText('Name')
  name!: string;

  @ApiProperty({ description: 'Compared after Unicode NFKC and lower-casing.', example: 'ada@example.com' })
  @IsString({ message: Messages.allFieldsRequired })
  @IsNotEmpty({ message: Messages.allFieldsRequired })
  @MaxLength(254, { message: Messages.emailInvalid })
  @IsEmail({}, { message: Messages.emailInvalid })
  email!: string;

  @ApiProperty({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
    example: 'correct horse battery staple',
  })
  @IsString({ message: Messages.allFieldsRequired })
  @IsNotEmpty({ message: Messages.allFieldsRequired })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: Messages.passwordTooLong })
  password!: string;

  // The business fields (contract section 18). Their rules (required for a company or foundation,
  // refused for a person, the name rule, the country list) are checked by the registration itself.
  @ApiProperty({
    required: false,
    enum: HOLDER_TYPES,
    default: 'individual',
    description: 'A person, or a business that `name` represents (then legalName, registrationNumber and country).',
  })
  @IsOptional()
  @IsIn(HOLDER_TYPES, { message: HolderMessages.holderType })
  holderType?: HolderType;

  @ApiProperty({ required: false, minLength: 2, maxLength: LEGAL_NAME_MAX, example: 'Lovelace Engines GmbH' })
  @IsOptional()
  @IsString({ message: HolderMessages.legalNameLength })
  @MaxLength(LEGAL_NAME_MAX * 2, { message: HolderMessages.legalNameLength })
  @PlainText('Legal name')
  legalName?: string;

  @ApiProperty({
    required: false,
    maxLength: REGISTRATION_NUMBER_MAX,
    example: 'HRB 123456',
    description:
      'Letters, digits, spaces, "-", "/" and "."; one account per country and number, compared in upper case without spaces, dots, slashes and hyphens (409 This business already has an account).',
  })
  @IsOptional()
  @IsString({ message: HolderMessages.registrationNumber })
  @MaxLength(REGISTRATION_NUMBER_MAX * 2, { message: HolderMessages.registrationNumber })
  registrationNumber?: string;

  @ApiProperty({ required: false, example: 'DE', description: 'ISO 3166-1 alpha-2, upper case.' })
  @IsOptional()
  @IsString({ message: HolderMessages.country })
  @MaxLength(2, { message: HolderMessages.country })
  country?: string;
}

export class PasswordResetDto implements PasswordResetRequest {
  @ApiProperty({ description: 'The e-mail of the account (any text up to 254 characters is accepted).' })
  @IsString({ message: Messages.emailInvalid })
  @IsNotEmpty({ message: Messages.emailInvalid })
  @MaxLength(254, { message: Messages.emailInvalid })
  email!: string;
}

export class PasswordResetConfirmDto implements PasswordResetConfirmRequest {
  @ApiProperty({ description: 'The token of the mailed link.' })
  @IsString({ message: Messages.resetLinkInvalid })
  @IsNotEmpty({ message: Messages.resetLinkInvalid })
  @MaxLength(200, { message: Messages.resetLinkInvalid })
  token!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @IsString({ message: Messages.newPasswordTooShort })
  @MinLength(MIN_PASSWORD_LENGTH, { message: Messages.newPasswordTooShort })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: Messages.passwordTooLong })
  newPassword!: string;
}

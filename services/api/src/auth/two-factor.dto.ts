import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  MAX_PASSWORD_LENGTH,
  Messages,
  type MfaCodeRequest,
  type MfaDisableRequest,
  type MfaEnableResponse,
  type MfaRequiredResponse,
  type MfaSetupResponse,
  type MfaStatusResponse,
} from '@savings/contracts';

// a recovery code is 19 characters with its hyphens; a little room for spaces typed around it
const MAX_CODE_LENGTH = 32;

export class MfaCodeDto implements MfaCodeRequest {
  @ApiProperty({
    description: 'The 6-digit code the authenticator app shows now, or (verify, disable) an unused recovery code.',
    example: '492039',
  })
  @IsString({ message: Messages.codeRequired })
  @IsNotEmpty({ message: Messages.codeRequired })
  @MaxLength(MAX_CODE_LENGTH, { message: Messages.invalidCode })
  code!: string;
}

export class MfaDisableDto extends MfaCodeDto implements MfaDisableRequest {
  @ApiProperty({ description: "The account's password, asked again.", maxLength: MAX_PASSWORD_LENGTH })
  @IsString({ message: Messages.passwordRequired })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: Messages.passwordTooLong })
  password!: string;
}

export class MfaRequiredResponseDto implements MfaRequiredResponse {
  @ApiProperty({ enum: [true], description: 'The password was right; POST /api/auth/mfa/verify comes next.' })
  mfaRequired!: true;
}

export class MfaSetupResponseDto implements MfaSetupResponse {
  @ApiProperty({ description: 'Base32 TOTP secret (SHA-1, 6 digits, 30 s), for typing into an app by hand.' })
  secret!: string;
  @ApiProperty({ example: 'otpauth://totp/Savings%20Platform:ada%40example.com?issuer=...&secret=...' })
  otpauthUrl!: string;
}

export class MfaEnableResponseDto implements MfaEnableResponse {
  @ApiProperty({ type: [String], description: '10 single-use recovery codes; shown this once, stored hashed.' })
  recoveryCodes!: string[];
}

export class MfaStatusResponseDto implements MfaStatusResponse {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ description: 'Unused recovery codes (0 when two-factor sign-in is off).' }) recoveryCodesLeft!: number;
  @ApiProperty({ description: 'STAFF_MFA=required and the account is an admin or auditor.' })
  requiredForRole!: boolean;
}

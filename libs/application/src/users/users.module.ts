import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ChangePasswordHandler } from './change-password.handler';
import { CreateOrPromoteUserHandler } from './create-or-promote-user.handler';
import { PasswordHasher } from './password-hasher';
import { ConfirmPasswordResetHandler, RequestPasswordResetHandler } from './password-reset.handlers';
import { RegisterUserHandler } from './register-user.handler';
import { RecordSecurityEventHandler } from './security-history';
import { SetPasswordHandler } from './set-password.handler';
import {
  DisableTwoFactorHandler,
  EnableTwoFactorHandler,
  GetTwoFactorStatusHandler,
  ResetTwoFactorHandler,
  StartTwoFactorSetupHandler,
  VerifySecondFactorHandler,
} from './two-factor/two-factor.handlers';
import { UpdateBankingDetailsHandler } from './update-banking-details.handler';
import { GetUserHandler, SignInSubjectHandler, VerifyCredentialsHandler } from './user-queries.handler';

/** Accounts: registration, credentials, two-factor sign-in, profile and banking details, roles (needs CqrsModule.forRoot() at the root). */
@Module({
  imports: [MailModule],
  providers: [
    PasswordHasher,
    RegisterUserHandler,
    ChangePasswordHandler,
    UpdateBankingDetailsHandler,
    CreateOrPromoteUserHandler,
    SetPasswordHandler,
    RequestPasswordResetHandler,
    ConfirmPasswordResetHandler,
    GetUserHandler,
    VerifyCredentialsHandler,
    SignInSubjectHandler,
    StartTwoFactorSetupHandler,
    EnableTwoFactorHandler,
    VerifySecondFactorHandler,
    DisableTwoFactorHandler,
    GetTwoFactorStatusHandler,
    ResetTwoFactorHandler,
    RecordSecurityEventHandler,
  ],
  exports: [PasswordHasher],
})
export class UsersModule {}

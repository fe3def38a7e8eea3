import { Module } from '@nestjs/common';
import { ChangePasswordHandler } from './change-password.handler';
import { CreateOrPromoteUserHandler } from './create-or-promote-user.handler';
import { PasswordHasher } from './password-hasher';
import { RegisterUserHandler } from './register-user.handler';
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
  providers: [
    PasswordHasher,
    RegisterUserHandler,
    ChangePasswordHandler,
    UpdateBankingDetailsHandler,
    CreateOrPromoteUserHandler,
    SetPasswordHandler,
    GetUserHandler,
    VerifyCredentialsHandler,
    SignInSubjectHandler,
    StartTwoFactorSetupHandler,
    EnableTwoFactorHandler,
    VerifySecondFactorHandler,
    DisableTwoFactorHandler,
    GetTwoFactorStatusHandler,
    ResetTwoFactorHandler,
  ],
  exports: [PasswordHasher],
})
export class UsersModule {}

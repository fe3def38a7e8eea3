import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ChangePasswordHandler } from './change-password.handler';
import { CreateOrPromoteUserHandler } from './create-or-promote-user.handler';
import { PasswordHasher } from './password-hasher';
import { ConfirmPasswordResetHandler, RequestPasswordResetHandler } from './password-reset.handlers';
import { RegisterUserHandler } from './register-user.handler';
import { SetPasswordHandler } from './set-password.handler';
import { UpdateBankingDetailsHandler } from './update-banking-details.handler';
import { GetUserHandler, SignInSubjectHandler, VerifyCredentialsHandler } from './user-queries.handler';

/** Accounts: registration, credentials, profile and banking details, roles (needs CqrsModule.forRoot() at the root). */
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
  ],
  exports: [PasswordHasher],
})
export class UsersModule {}

import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiExtraModels,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  accountSubject,
  ConfirmPasswordResetCommand,
  GetTwoFactorStatusQuery,
  GetUserQuery,
  languageOfAcceptLanguage,
  RegisterUserCommand,
  RequestPasswordResetCommand,
  type SessionUser,
  type TwoFactorStatus,
} from '@savings/application';
import {
  Messages,
  type LoginResponse,
  type PublicUser,
  type SessionResponse,
  type UserResponse,
} from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { Authenticated, CurrentUser } from './auth.decorators';
import { LoginDto, PasswordResetConfirmDto, PasswordResetDto, RegisterDto } from './auth.dto';
import { PasswordResetThrottle } from './password-reset-throttle';
import { AuthSessionService } from './auth-session.service';
import { clientAddress } from './client-address';
import { LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { MfaRequiredResponseDto } from './two-factor.dto';
import { SessionResponseDto, UserResponseDto } from './user-response.dto';
import { sessionUserOf } from './session-identity';
import { SESSION_COOKIE } from './session-store';
import { UserSessions } from './user-sessions';

@ApiTags('auth')
@ApiExtraModels(UserResponseDto, MfaRequiredResponseDto)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly sessions: AuthSessionService,
    private readonly registrationThrottle: RegistrationThrottle,
    private readonly loginThrottle: LoginThrottle,
    private readonly passwordResetThrottle: PasswordResetThrottle,
    private readonly userSessions: UserSessions,
  ) {}

  @Post('register')
  @ApiOperation({
    summary:
      'Create a customer account, of a person or of a company or foundation represented by `name`, and sign in (sets the session cookie `sid`).',
  })
  @ApiCreatedResponse({ type: UserResponseDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid (e.g. "All fields are required").' })
  @ApiConflictResponse({
    description:
      'An account with this email already exists, This name is already taken, or This business already has an account (same country and registration number).',
  })
  @ApiTooManyRequestsResponse({
    description:
      'More than REGISTRATIONS_PER_ADDRESS_PER_HOUR (default 20) attempts from the address within the hour; Retry-After gives the seconds left.',
  })
  async register(
    @Body() body: RegisterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserResponse> {
    const refused = await this.registrationThrottle.reserveAttempt(clientAddress(req));
    if (refused) {
      res.setHeader('Retry-After', String(refused.retryAfterSeconds));
      throw new DomainError('AUTH.TOO_MANY_REGISTRATIONS', 'rate_limited', Messages.tooManyRegistrations);
    }
    const userId = await this.commandBus.execute<RegisterUserCommand, number>(
      new RegisterUserCommand(
        body.name,
        body.email,
        body.password,
        languageOfAcceptLanguage(req.headers['accept-language']),
        {
          holderType: body.holderType,
          legalName: body.legalName,
          registrationNumber: body.registrationNumber,
          country: body.country,
        },
      ),
    );
    const user = await this.readUser(userId);
    await this.sessions.logIn(req, { id: user.id, name: user.name, email: user.email, role: user.role });
    return { user };
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in with an e-mail or a name (names are unique) and password; the session id is renewed.',
  })
  @ApiOkResponse({
    description:
      '{user} and the session; or, for an account with two-factor sign-in, {"mfaRequired":true} and no user (POST /api/auth/mfa/verify next, within 5 minutes).',
    schema: { oneOf: [{ $ref: getSchemaPath(UserResponseDto) }, { $ref: getSchemaPath(MfaRequiredResponseDto) }] },
  })
  @ApiUnauthorizedResponse({ description: 'Invalid credentials (the same for an unknown account).' })
  @ApiTooManyRequestsResponse({
    description:
      '10 failures within 15 minutes for the account (however spelled), the client address, or both together; Retry-After gives the seconds left.',
  })
  async login(
    @Body() _body: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const sessionUser = await this.sessions.authenticate(req, res);
    const twoFactor = await this.queryBus.execute<GetTwoFactorStatusQuery, TwoFactorStatus>(
      new GetTwoFactorStatusQuery(sessionUser.id),
    );
    if (twoFactor.enabled) {
      // the password attempt stays counted until the code is right (TwoFactorController.verify)
      await this.sessions.awaitSecondFactor(req, sessionUser);
      return { mfaRequired: true };
    }
    await this.loginThrottle.recordSuccess({ address: clientAddress(req), subject: accountSubject(sessionUser.id) });
    await this.sessions.logIn(req, sessionUser);
    return { user: await this.readUser(sessionUser.id) };
  }

  @Post('password-reset')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary:
      'Mails a single-use link to reset the password, valid for 30 minutes. The answer (and its timing) is the same whether or not the e-mail has an account.',
  })
  @ApiAcceptedResponse({ description: 'Always, for any e-mail; an account gets at most 3 links an hour.' })
  @ApiTooManyRequestsResponse({ description: 'More than 20 reset calls from the address within the hour.' })
  async requestPasswordReset(
    @Body() body: PasswordResetDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await this.throttlePasswordReset(req, res);
    await this.commandBus.execute(new RequestPasswordResetCommand(body.email));
    return { message: Messages.passwordResetSent };
  }

  @Post('password-reset/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Sets a new password with the token of a reset link; every session of the account ends, and it is mailed a notice.',
  })
  @ApiOkResponse({ description: 'Password set; sign in with it.' })
  @ApiBadRequestResponse({ description: 'The token is unknown, used or expired, or the new password breaks a rule.' })
  @ApiTooManyRequestsResponse({ description: 'More than 20 reset calls from the address within the hour.' })
  async confirmPasswordReset(
    @Body() body: PasswordResetConfirmDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await this.throttlePasswordReset(req, res);
    const userId = await this.commandBus.execute<ConfirmPasswordResetCommand, number>(
      new ConfirmPasswordResetCommand(body.token, body.newPassword),
    );
    await this.userSessions.destroyOthers(userId, '');
    return { message: Messages.passwordResetDone };
  }

  private async throttlePasswordReset(req: Request, res: Response): Promise<void> {
    const refused = await this.passwordResetThrottle.reserveAttempt(clientAddress(req));
    if (refused) {
      res.setHeader('Retry-After', String(refused.retryAfterSeconds));
      throw new DomainError('AUTH.TOO_MANY_RESETS', 'rate_limited', Messages.tooManyResetRequests);
    }
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Sign out: the session is destroyed on the server and the cookie cleared.' })
  @ApiNoContentResponse({ description: 'Signed out (also when no session existed).' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.logOut(req, res, SESSION_COOKIE);
  }

  @Get('me')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user.' })
  @ApiOkResponse({ type: UserResponseDto })
  async me(@CurrentUser() user: SessionUser): Promise<UserResponse> {
    return { user: await this.readUser(user.id) };
  }

  /**
   * What the web app asks on every page: answering 200 with no user when signed out keeps a visitor's
   * console free of a 401 on each page, while /api/auth/me stays the contract's (401 when signed out).
   */
  @Get('session')
  @ApiOperation({ summary: 'The signed-in user, or {user: null} when signed out (never 401).' })
  @ApiOkResponse({ type: SessionResponseDto })
  async session(@Req() req: Request): Promise<SessionResponse> {
    const identity = sessionUserOf(req);
    if (!identity) return { user: null };
    try {
      return { user: await this.readUser(identity.id) };
    } catch (error) {
      // the account behind an old session is gone: signed out
      if (error instanceof DomainError && error.code === 'USER.NOT_FOUND') return { user: null };
      throw error;
    }
  }

  private readUser(userId: number): Promise<PublicUser> {
    return this.queryBus.execute<GetUserQuery, PublicUser>(new GetUserQuery(userId));
  }
}

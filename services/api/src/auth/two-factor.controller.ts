import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import {
  accountSubject,
  APP_CONFIG,
  DisableTwoFactorCommand,
  EnableTwoFactorCommand,
  GetTwoFactorStatusQuery,
  GetUserQuery,
  StartTwoFactorSetupCommand,
  VerifySecondFactorCommand,
  type SessionUser,
  type TwoFactorStatus,
} from '@savings/application';
import type { AppConfig } from '@savings/config';
import {
  Messages,
  type MfaEnableResponse,
  type MfaSetupResponse,
  type MfaStatusResponse,
  type PublicUser,
  type UserResponse,
} from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { Authenticated, CurrentUser } from './auth.decorators';
import { AuthSessionService } from './auth-session.service';
import { clientAddress } from './client-address';
import { LoginThrottle } from './login-throttle';
import {
  MfaCodeDto,
  MfaDisableDto,
  MfaEnableResponseDto,
  MfaSetupResponseDto,
  MfaStatusResponseDto,
} from './two-factor.dto';
import { UserResponseDto } from './user-response.dto';

const throttled = ApiTooManyRequestsResponse({
  description:
    'A wrong code counts as a failed sign-in of the account: 10 within 15 minutes, then 429 with Retry-After.',
});

/**
 * Two-factor sign-in (TOTP, contract section 9; ADR 0023). Setup, enable, disable and status need a
 * signed-in session (and stay open to staff that STAFF_MFA=required still refuses elsewhere); verify is
 * the code step of a sign-in whose password was right.
 */
@ApiTags('auth')
@Controller('auth/mfa')
export class TwoFactorController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly sessions: AuthSessionService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'Whether two-factor sign-in is on, and how many recovery codes are left.' })
  @ApiOkResponse({ type: MfaStatusResponseDto })
  async status(@CurrentUser() user: SessionUser): Promise<MfaStatusResponse> {
    const status = await this.queryBus.execute<GetTwoFactorStatusQuery, TwoFactorStatus>(
      new GetTwoFactorStatusQuery(user.id),
    );
    const requiredForRole = this.config.staffMfa === 'required' && user.role !== 'customer';
    return { ...status, requiredForRole };
  }

  @Post('setup')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary: 'Start (or restart) setup: a new secret and its otpauth:// URL (show it as a QR code). Not in force yet.',
  })
  @ApiOkResponse({ type: MfaSetupResponseDto })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on (turn it off first).' })
  setup(@CurrentUser() user: SessionUser): Promise<MfaSetupResponse> {
    return this.commandBus.execute(new StartTwoFactorSetupCommand(user.id, new Date()));
  }

  @Post('enable')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary:
      'Confirm setup with the first code from the app: two-factor sign-in is on, the 10 recovery codes are returned once, and every other session ends.',
  })
  @ApiOkResponse({ type: MfaEnableResponseDto })
  @ApiBadRequestResponse({ description: 'Invalid code (400: the session is fine, the field is wrong).' })
  @ApiConflictResponse({ description: 'Setup not started, or already on.' })
  @throttled
  async enable(
    @CurrentUser() user: SessionUser,
    @Body() body: MfaCodeDto,
    @Req() req: Request,
  ): Promise<MfaEnableResponse> {
    const recoveryCodes = await this.throttled(req, user.id, () =>
      this.commandBus.execute<EnableTwoFactorCommand, string[]>(
        new EnableTwoFactorCommand(user.id, body.code, new Date()),
      ),
    );
    await this.sessions.twoFactorChanged(req, user, true);
    return { recoveryCodes };
  }

  @Post('disable')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary: 'Turn two-factor sign-in off with the password and a current or recovery code; every other session ends.',
  })
  @ApiOkResponse({ description: '{"message":"Two-factor sign-in turned off"}' })
  @ApiBadRequestResponse({ description: 'Current password is incorrect, or Invalid code.' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is not on.' })
  @throttled
  async disable(
    @CurrentUser() user: SessionUser,
    @Body() body: MfaDisableDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.throttled(req, user.id, () =>
      this.commandBus.execute(new DisableTwoFactorCommand(user.id, body.password, body.code, new Date())),
    );
    await this.sessions.twoFactorChanged(req, user, false);
    return { message: 'Two-factor sign-in turned off' };
  }

  @Post('verify')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'The code step of sign-in (after POST /api/auth/login answered {mfaRequired:true}): a current TOTP code, accepted once, or an unused recovery code. Signs in.',
  })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiUnauthorizedResponse({
    description: `Invalid code; or no sign-in awaiting a code (none, or over 5 minutes old): {"message":"${Messages.twoFactorSignInExpired}"}`,
  })
  @throttled
  async verify(@Body() body: MfaCodeDto, @Req() req: Request): Promise<UserResponse> {
    const pending = this.sessions.pendingSecondFactor(req);
    if (!pending) {
      throw new DomainError('AUTH.MFA_SIGN_IN_EXPIRED', 'unauthenticated', Messages.twoFactorSignInExpired);
    }
    await this.throttled(req, pending.id, () =>
      this.commandBus.execute(new VerifySecondFactorCommand(pending.id, body.code, new Date())),
    );
    await this.sessions.logInWithSecondFactor(req, pending);
    return { user: await this.queryBus.execute<GetUserQuery, PublicUser>(new GetUserQuery(pending.id)) };
  }

  /** A code is a guess like a password: counted before it is checked, the count cleared when it is right. */
  private async throttled<T>(req: Request, userId: number, check: () => Promise<T>): Promise<T> {
    const attempt = { address: clientAddress(req), subject: accountSubject(userId) };
    await this.throttle.reserveAttempt(attempt, req.res);
    const result = await check();
    await this.throttle.recordSuccess(attempt);
    return result;
  }
}

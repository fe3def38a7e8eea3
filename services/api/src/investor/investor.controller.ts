import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import {
  accountSubject,
  ChangePasswordCommand,
  GetDashboardQuery,
  GetUserQuery,
  ListAccountActivityQuery,
  ListDepositRequestsQuery,
  ListInterestPaymentsQuery,
  ListWithdrawalsQuery,
  RequestDepositCommand,
  RequestWithdrawalCommand,
  UpdateBankingDetailsCommand,
  type CommandContext,
  type SessionUser,
} from '@savings/application';
import {
  type AccountActivityResponse,
  type DashboardResponse,
  type DepositRequestsResponse,
  type InterestPaymentsResponse,
  type PublicUser,
  type UserResponse,
  type WithdrawalsResponse,
  type DepositRequestResult,
  type WithdrawalResult,
} from '@savings/contracts';
import { AuthSessionService } from '../auth/auth-session.service';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import { clientAddress } from '../auth/client-address';
import { LoginThrottle } from '../auth/login-throttle';
import { UserResponseDto } from '../auth/user-response.dto';
import { RequestCommandContext } from '../http/command-context';
import { toCanonicalAmount } from '../http/money-amount.validator';
import { BankingDetailsDto, ChangePasswordDto, DepositRequestDto, WithdrawalDto } from './investor.dto';
import {
  AccountActivityResponseDto,
  DashboardResponseDto,
  DepositRequestResponseDto,
  DepositRequestsResponseDto,
  InterestPaymentsResponseDto,
  MessageResponseDto,
  WithdrawalResponseDto,
  WithdrawalsResponseDto,
} from './investor-response.dto';

const IDEMPOTENCY_HEADER = ApiHeader({
  name: 'Idempotency-Key',
  required: false,
  description:
    'A repeat with the same key and body returns the first response and moves no money; another body is 409.',
});

/** The investor area: every call reads or changes the signed-in user's own data only. */
@ApiTags('investor')
@Controller('user')
@Authenticated()
export class InvestorController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly sessions: AuthSessionService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Get('dashboard')
  @ApiOperation({ summary: 'Balance, available balance, monthly interest and the next credit instant.' })
  @ApiOkResponse({ type: DashboardResponseDto })
  dashboard(@CurrentUser() user: SessionUser): Promise<DashboardResponse> {
    return this.queryBus.execute(new GetDashboardQuery(user.id));
  }

  @Get('admin-transactions')
  @ApiOperation({ summary: 'Balance changes made by admins on this account, newest first.' })
  @ApiOkResponse({ type: AccountActivityResponseDto })
  adminTransactions(@CurrentUser() user: SessionUser): Promise<AccountActivityResponse> {
    return this.queryBus.execute(new ListAccountActivityQuery(user.id));
  }

  @Get('deposit-requests')
  @ApiOperation({ summary: 'Deposit requests, newest first.' })
  @ApiOkResponse({ type: DepositRequestsResponseDto })
  depositRequests(@CurrentUser() user: SessionUser): Promise<DepositRequestsResponse> {
    return this.queryBus.execute(new ListDepositRequestsQuery(user.id));
  }

  @Post('deposit-request')
  @IDEMPOTENCY_HEADER
  @ApiOperation({ summary: 'Announce a bank transfer (minimum $1,000); admins are notified.' })
  @ApiCreatedResponse({ type: DepositRequestResponseDto })
  @ApiBadRequestResponse({ description: 'Minimum deposit amount is $1,000, or the amount is not valid.' })
  @ApiConflictResponse({ description: 'Idempotency-Key reused with another body.' })
  createDepositRequest(
    @CurrentUser() user: SessionUser,
    @Body() body: DepositRequestDto,
    @RequestCommandContext() context: CommandContext,
  ): Promise<DepositRequestResult> {
    return this.commandBus.execute(new RequestDepositCommand(user.id, toCanonicalAmount(body.amount), context));
  }

  @Put('banking-details')
  @ApiOperation({
    summary:
      'Save beneficiary, IBAN (mod-97 checked) and SWIFT/BIC. Approved, unpaid withdrawals go back to pending for a new approval.',
  })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiBadRequestResponse({ description: 'A field is missing or not valid.' })
  async bankingDetails(
    @CurrentUser() user: SessionUser,
    @Body() body: BankingDetailsDto,
    @RequestCommandContext() context: CommandContext,
  ): Promise<UserResponse> {
    await this.commandBus.execute(
      new UpdateBankingDetailsCommand(user.id, body.beneficiaryName, body.iban, body.swift, context.correlationId),
    );
    return { user: await this.queryBus.execute<GetUserQuery, PublicUser>(new GetUserQuery(user.id)) };
  }

  @Put('change-password')
  @ApiOperation({ summary: "Change the password; the user's other sessions end, this one gets a new id." })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ description: 'Current password is incorrect, or a rule of the new password fails.' })
  @ApiTooManyRequestsResponse({
    description:
      'A wrong current password counts as a failed sign-in: 10 within 15 minutes, then 429 with Retry-After.',
  })
  async changePassword(
    @CurrentUser() user: SessionUser,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    // the current password is a password guess like a sign-in: counted and limited the same way
    const attempt = { address: clientAddress(req), subject: accountSubject(user.id) };
    await this.throttle.reserveAttempt(attempt, req.res);
    await this.commandBus.execute(new ChangePasswordCommand(user.id, body.currentPassword, body.newPassword));
    await this.throttle.recordSuccess(attempt);
    await this.sessions.endOtherSessions(req, user);
    return { message: 'Password changed' };
  }

  @Get('withdrawals')
  @ApiOperation({ summary: 'Withdrawals, newest first.' })
  @ApiOkResponse({ type: WithdrawalsResponseDto })
  withdrawals(@CurrentUser() user: SessionUser): Promise<WithdrawalsResponse> {
    return this.queryBus.execute(new ListWithdrawalsQuery(user.id));
  }

  @Post('withdrawal')
  @HttpCode(HttpStatus.CREATED)
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    summary: 'Request a withdrawal (minimum $1,000, at most the available balance); held until paid on the 1st.',
  })
  @ApiCreatedResponse({ type: WithdrawalResponseDto })
  @ApiBadRequestResponse({ description: 'Below the minimum, above the available balance, or no banking details.' })
  @ApiConflictResponse({ description: 'Idempotency-Key reused with another body.' })
  createWithdrawal(
    @CurrentUser() user: SessionUser,
    @Body() body: WithdrawalDto,
    @RequestCommandContext() context: CommandContext,
  ): Promise<WithdrawalResult> {
    return this.commandBus.execute(new RequestWithdrawalCommand(user.id, toCanonicalAmount(body.amount), context));
  }

  @Get('interest-payments')
  @ApiOperation({ summary: 'Daily interest credits, newest first.' })
  @ApiOkResponse({ type: InterestPaymentsResponseDto })
  interestPayments(@CurrentUser() user: SessionUser): Promise<InterestPaymentsResponse> {
    return this.queryBus.execute(new ListInterestPaymentsQuery(user.id));
  }
}

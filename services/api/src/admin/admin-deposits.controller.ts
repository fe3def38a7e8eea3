import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  CancelDepositRequestCommand,
  ConfirmDepositCommand,
  ConfirmDepositRequestCommand,
  EditDepositRequestCommand,
  ListAdminDepositRequestsQuery,
  type CommandContext,
} from '@savings/application';
import {
  type AdminDepositRequestsResponse,
  type ApprovalPendingResult,
  type ConfirmDepositRequestResult,
  type DepositRequestResult,
  type DepositResult,
} from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { RequestCommandContext } from '../http/command-context';
import { toCanonicalAmount } from '../http/money-amount.validator';
import {
  ConfirmDepositDto,
  ConfirmDepositRequestDto,
  EditDepositRequestDto,
  ListDepositRequestsQueryDto,
} from './admin.dto';
import { answerMove, IDEMPOTENCY_DOC, MOVE_ACCEPTED_DOC, OWN_ACCOUNT_DOC } from './admin-users.controller';
import { AdminDepositRequestsResponseDto } from './admin-response.dto';
import { IdParamPipe } from '../http/id-param.pipe';

/** Direct deposits and customers' deposit requests: confirm, edit, delete (cancel). */
@ApiTags('admin')
@Controller('admin')
export class AdminDepositsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('deposits/confirm')
  @AdminOnly()
  @ApiOperation({ summary: 'Confirm money received for a user (DepositConfirmed; a deposits row with the reference)' })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiCreatedResponse({ description: '{deposit, account}' })
  @ApiAcceptedResponse(MOVE_ACCEPTED_DOC)
  @ApiBadRequestResponse({ description: 'Invalid amount or user id' })
  @ApiForbiddenResponse(OWN_ACCOUNT_DOC)
  @ApiNotFoundResponse({ description: 'Unknown user' })
  @ApiConflictResponse({ description: 'Idempotency-Key reused with another request' })
  async confirmDeposit(
    @Body() body: ConfirmDepositDto,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DepositResult | ApprovalPendingResult> {
    const amount = toCanonicalAmount(body.amount);
    const note = body.note?.trim() || null;
    const result = await this.commands.execute<ConfirmDepositCommand, DepositResult | ApprovalPendingResult>(
      new ConfirmDepositCommand(body.userId, amount, note, context),
    );
    return answerMove(res, result);
  }

  @Get('deposit-requests')
  @AdminOrAuditor()
  @ApiOperation({
    summary:
      'Deposit requests, pending ones by default (?status= for others or all), newest first, 50 at most per page',
    description: 'Filters: userId or q (part of the name, e-mail or reference code); total counts every match.',
  })
  @ApiOkResponse({ type: AdminDepositRequestsResponseDto })
  list(@Query() query: ListDepositRequestsQueryDto): Promise<AdminDepositRequestsResponse> {
    return this.queries.execute(new ListAdminDepositRequestsQuery(query));
  }

  @Patch('deposit-requests/:id/confirm')
  @AdminOnly()
  @ApiOperation({ summary: 'Confirm a pending deposit request: credits its amount, status confirmed' })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ description: '{depositRequest, deposit, account}' })
  @ApiAcceptedResponse(MOVE_ACCEPTED_DOC)
  @ApiForbiddenResponse(OWN_ACCOUNT_DOC)
  @ApiNotFoundResponse({ description: 'Unknown deposit request' })
  @ApiConflictResponse({ description: 'Not pending any more (confirmed or deleted), or Idempotency-Key reused' })
  async confirmRequest(
    @Param('id', IdParamPipe) id: number,
    @Body() body: ConfirmDepositRequestDto,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConfirmDepositRequestResult | ApprovalPendingResult> {
    const note = body.note?.trim() || null;
    const result = await this.commands.execute<
      ConfirmDepositRequestCommand,
      ConfirmDepositRequestResult | ApprovalPendingResult
    >(new ConfirmDepositRequestCommand(id, note, context));
    return answerMove(res, result);
  }

  @Patch('deposit-requests/:id/edit')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the amount of a pending deposit request' })
  @ApiOkResponse({ description: '{depositRequest, account}' })
  @ApiBadRequestResponse({ description: 'Below 1000 or not an amount' })
  @ApiNotFoundResponse({ description: 'Unknown deposit request' })
  @ApiConflictResponse({ description: 'Not pending any more' })
  edit(
    @Param('id', IdParamPipe) id: number,
    @Body() body: EditDepositRequestDto,
    @RequestCommandContext() context: CommandContext,
  ): Promise<DepositRequestResult> {
    const amount = toCanonicalAmount(body.amount);
    return this.commands.execute<EditDepositRequestCommand, DepositRequestResult>(
      new EditDepositRequestCommand(id, amount, context),
    );
  }

  @Delete('deposit-requests/:id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a pending deposit request: kept as cancelled, no longer pending' })
  @ApiOkResponse({ description: '{depositRequest, account}' })
  @ApiNotFoundResponse({ description: 'Unknown deposit request' })
  @ApiConflictResponse({ description: 'Not pending any more' })
  cancel(
    @Param('id', IdParamPipe) id: number,
    @RequestCommandContext() context: CommandContext,
  ): Promise<DepositRequestResult> {
    return this.commands.execute<CancelDepositRequestCommand, DepositRequestResult>(
      new CancelDepositRequestCommand(id, context),
    );
  }
}

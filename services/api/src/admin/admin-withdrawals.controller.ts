import { Body, Controller, Delete, Get, Param, Patch, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ApproveWithdrawalCommand,
  CancelWithdrawalCommand,
  EditWithdrawalCommand,
  ListAdminWithdrawalsQuery,
  type CommandContext,
} from '@savings/application';
import { type AdminWithdrawalsResponse, type ApprovalPendingResult, type WithdrawalResult } from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { RequestCommandContext } from '../http/command-context';
import { toCanonicalAmount } from '../http/money-amount.validator';
import { EditWithdrawalDto, ListWithdrawalsQueryDto } from './admin.dto';
import { answerMove, IDEMPOTENCY_DOC, MOVE_ACCEPTED_DOC, OWN_ACCOUNT_DOC } from './admin-users.controller';
import { AdminWithdrawalsResponseDto } from './admin-response.dto';
import { IdParamPipe } from '../http/id-param.pipe';

/** Withdrawals: approve (debits the balance), edit the amount, delete (releases the hold). */
@ApiTags('admin')
@Controller('admin/withdrawals')
export class AdminWithdrawalsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @AdminOrAuditor()
  @ApiOperation({
    summary: 'Withdrawals, pending ones by default (?status= for others or all), newest first, 50 at most per page',
    description: 'Filters: userId or q (part of the name, e-mail or reference code); total counts every match.',
  })
  @ApiOkResponse({ type: AdminWithdrawalsResponseDto })
  list(@Query() query: ListWithdrawalsQueryDto): Promise<AdminWithdrawalsResponse> {
    return this.queries.execute(new ListAdminWithdrawalsQuery(query));
  }

  @Patch(':id/approve')
  @AdminOnly()
  @ApiOperation({ summary: 'Approve a pending withdrawal: WithdrawalApproved debits the balance, status processed' })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ description: '{withdrawal, account}' })
  @ApiAcceptedResponse(MOVE_ACCEPTED_DOC)
  @ApiBadRequestResponse({ description: 'Banking details required to approve' })
  @ApiForbiddenResponse(OWN_ACCOUNT_DOC)
  @ApiNotFoundResponse({ description: 'Unknown withdrawal' })
  @ApiConflictResponse({ description: 'Not pending any more (approved or deleted), or Idempotency-Key reused' })
  async approve(
    @Param('id', IdParamPipe) id: number,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WithdrawalResult | ApprovalPendingResult> {
    const result = await this.commands.execute<ApproveWithdrawalCommand, WithdrawalResult | ApprovalPendingResult>(
      new ApproveWithdrawalCommand(id, context),
    );
    return answerMove(res, result);
  }

  @Patch(':id/edit')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the amount of a pending withdrawal (its hold follows)' })
  @ApiOkResponse({ description: '{withdrawal, account}' })
  @ApiBadRequestResponse({ description: 'Below 1000, or above the available balance' })
  @ApiNotFoundResponse({ description: 'Unknown withdrawal' })
  @ApiConflictResponse({ description: 'Not pending any more' })
  edit(
    @Param('id', IdParamPipe) id: number,
    @Body() body: EditWithdrawalDto,
    @RequestCommandContext() context: CommandContext,
  ): Promise<WithdrawalResult> {
    const amount = toCanonicalAmount(body.amount);
    return this.commands.execute<EditWithdrawalCommand, WithdrawalResult>(
      new EditWithdrawalCommand(id, amount, context),
    );
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a pending withdrawal: releases its hold, status cancelled' })
  @ApiOkResponse({ description: '{withdrawal, account}' })
  @ApiNotFoundResponse({ description: 'Unknown withdrawal' })
  @ApiConflictResponse({ description: 'Not pending any more' })
  cancel(
    @Param('id', IdParamPipe) id: number,
    @RequestCommandContext() context: CommandContext,
  ): Promise<WithdrawalResult> {
    return this.commands.execute<CancelWithdrawalCommand, WithdrawalResult>(new CancelWithdrawalCommand(id, context));
  }
}

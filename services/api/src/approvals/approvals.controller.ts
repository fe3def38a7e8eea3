import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
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
  GrantApprovalCommand,
  ListApprovalsQuery,
  RejectApprovalCommand,
  type CommandContext,
} from '@savings/application';
import { DomainError } from '@savings/domain';
import type { ApprovalDecisionResult, ApprovalsResponse } from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { RequestCommandContext } from '../http/command-context';
import { IdParamPipe } from '../http/id-param.pipe';
import { IDEMPOTENCY_DOC } from '../admin/admin-users.controller';
import { ListApprovalsQueryDto, RejectApprovalDto } from './approvals.dto';

/** Four eyes on admin money moves (api-contract.md section 9): the list, approve, reject. */
@ApiTags('admin')
@Controller('admin/approvals')
export class ApprovalsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @AdminOrAuditor()
  @ApiOperation({
    summary: 'Approvals of admin money moves at or above FOUR_EYES_THRESHOLD, newest first (200 at most)',
    description: 'fourEyesThreshold is the setting in USD (null when off), for the dialogs that warn of it.',
  })
  @ApiOkResponse({ description: '{approvals, fourEyesThreshold}' })
  list(@Query() query: ListApprovalsQueryDto): Promise<ApprovalsResponse> {
    return this.queries.execute(new ListApprovalsQuery(query.status ?? null));
  }

  @Post(':id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Approve as a second admin: the move happens in the same transaction, its events naming maker and checker',
  })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ description: '{approval} now approved' })
  @ApiForbiddenResponse({
    description: 'A second admin must approve this (the maker), or You cannot act on your own account',
  })
  @ApiNotFoundResponse({ description: 'Unknown approval' })
  @ApiConflictResponse({
    description:
      'Already decided or void (its deposit request or withdrawal changed), or the move is no longer possible (e.g. the balance ceiling)',
  })
  approve(
    @Param('id', IdParamPipe) id: number,
    @RequestCommandContext() context: CommandContext,
  ): Promise<ApprovalDecisionResult> {
    return this.commands.execute(new GrantApprovalCommand(id, context));
  }

  @Post(':id/reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Reject with a reason: nothing moves (the maker may withdraw their own request this way)' })
  @ApiOkResponse({ description: '{approval} now rejected' })
  @ApiBadRequestResponse({ description: 'A reason is required' })
  @ApiNotFoundResponse({ description: 'Unknown approval' })
  @ApiConflictResponse({ description: 'Already decided or void' })
  reject(
    @Param('id', IdParamPipe) id: number,
    @Body() body: RejectApprovalDto,
    @RequestCommandContext() context: CommandContext,
  ): Promise<ApprovalDecisionResult> {
    const reason = body.reason.trim();
    if (reason === '') throw new DomainError('APPROVAL.REASON_REQUIRED', 'invalid', 'A reason is required');
    return this.commands.execute(new RejectApprovalCommand(id, reason, context));
  }
}

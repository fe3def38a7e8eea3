import { Body, Controller, Get, Header, Param, Patch, Query, Res } from '@nestjs/common';
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
import { AdjustBalanceCommand, GetUserQuery, ListAdminUsersJsonQuery, type CommandContext } from '@savings/application';
import {
  isApprovalPending,
  type AdjustBalanceResult,
  type ApprovalPendingResult,
  type PublicUser,
} from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { RequestCommandContext } from '../http/command-context';
import { toCanonicalAmount } from '../http/money-amount.validator';
import { AdjustBalanceDto, ListUsersQueryDto } from './admin.dto';
import { AdminUsersResponseDto } from './admin-response.dto';
import { IdParamPipe } from '../http/id-param.pipe';

/** The staff-control answers every admin money route shares (api-contract.md section 9). */
export const MOVE_ACCEPTED_DOC = {
  description: 'At or above FOUR_EYES_THRESHOLD nothing moves yet: {approval} pending until another admin approves it',
} as const;
export const OWN_ACCOUNT_DOC = {
  description:
    'Not an admin (Admin access required), or the customer is the acting admin (You cannot act on your own account)',
} as const;

/** 202 for a move that now waits for a second admin; the move's own answer otherwise. */
export function answerMove<R>(res: Response, result: R | ApprovalPendingResult): R | ApprovalPendingResult {
  if (isApprovalPending(result)) res.status(202);
  return result;
}

export const IDEMPOTENCY_DOC = {
  name: 'Idempotency-Key',
  required: false,
  description: 'A repeat with the same key and body returns the first response and moves no money; another body is 409',
} as const;

@ApiTags('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @AdminOrAuditor()
  @ApiOperation({
    summary: 'Users with balances and monthly interest, and platform totals computed by the database',
    description: 'Without limit every user is listed, sorted by id; the totals always cover every user.',
  })
  @ApiOkResponse({ type: AdminUsersResponseDto })
  // PostgreSQL writes the JSON (AdminUsersResponse shape): 10,000 rows are sent, never re-serialised
  @Header('Content-Type', 'application/json; charset=utf-8')
  list(@Query() query: ListUsersQueryDto): Promise<string> {
    return this.queries.execute(new ListAdminUsersJsonQuery(query));
  }

  @Patch(':userId/balance')
  @AdminOnly()
  @ApiOperation({ summary: 'Add to or subtract from a balance (an admin adjustment event in the ledger)' })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ description: '{user, transaction}: the user after the change and the admin transaction' })
  @ApiAcceptedResponse(MOVE_ACCEPTED_DOC)
  @ApiBadRequestResponse({ description: 'Invalid amount, or subtracting more than the available balance' })
  @ApiForbiddenResponse(OWN_ACCOUNT_DOC)
  @ApiNotFoundResponse({ description: 'Unknown user' })
  @ApiConflictResponse({ description: 'Idempotency-Key reused with another request' })
  async adjust(
    @Param('userId', IdParamPipe) userId: number,
    @Body() body: AdjustBalanceDto,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ user: PublicUser; transaction: AdjustBalanceResult['transaction'] } | ApprovalPendingResult> {
    const amount = toCanonicalAmount(body.amount);
    const note = body.note?.trim() || null;
    const result = await this.commands.execute<AdjustBalanceCommand, AdjustBalanceResult | ApprovalPendingResult>(
      new AdjustBalanceCommand(userId, amount, body.operation, note, context),
    );
    if (isApprovalPending(result)) return answerMove(res, result);
    const user = await this.queries.execute<GetUserQuery, PublicUser>(new GetUserQuery(userId));
    // balances as the command left them, so a repeated Idempotency-Key answers exactly the first response
    const { balance, availableBalance } = result.account;
    return { user: { ...user, balance, availableBalance }, transaction: result.transaction };
  }
}

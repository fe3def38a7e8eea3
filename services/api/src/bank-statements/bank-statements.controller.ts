import { Body, Controller, Get, Param, Post, Query, Req, Res, UnsupportedMediaTypeException } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  CreditStatementEntryCommand,
  CreditSuggestedEntriesCommand,
  GetBankStatementQuery,
  IgnoreStatementEntryCommand,
  ImportBankStatementCommand,
  ListBankStatementsQuery,
  ListUnmatchedPayoutsQuery,
  type CommandContext,
  type CreditStatementEntryResult,
} from '@savings/application';
import type {
  BankStatementEntry,
  BankStatementImportResponse,
  BankStatementResponse,
  BankStatementsResponse,
  CreditSuggestedResponse,
  UnmatchedPayoutsResponse,
} from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { RequestCommandContext } from '../http/command-context';
import { IdParamPipe } from '../http/id-param.pipe';
import { IDEMPOTENCY_DOC } from '../admin/admin-users.controller';
import {
  CreditStatementEntryDto,
  IgnoreStatementEntryDto,
  STATEMENT_PAGE_SIZE,
  StatementEntriesQueryDto,
} from './bank-statements.dto';
import { STATEMENT_TYPES } from './statement-upload';

/** Bank statements: import camt.053 or CSV, match, credit each line once (api-contract.md section 11). */
@ApiTags('admin bank statements')
@Controller('admin/bank-statements')
export class BankStatementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary:
      'Import a bank statement: camt.053.001.02 to .08 (application/xml) or the documented CSV (text/csv), up to 5 MB',
    description:
      'CSV header: booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref (amount negative for debits). ' +
      'Entries known from an earlier import (bank reference, else a hash of date, amount, remittance and counterparty) are skipped; ' +
      'a file with nothing new answers 200 with the statement that holds them.',
  })
  @ApiConsumes(...STATEMENT_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({
    description: '{statement:{id,accountIban,from,to,entries,credits,debits,suggested,unmatched,alreadyImported}}',
  })
  @ApiOkResponse({ description: 'Every entry was imported before: the same statement, nothing new' })
  @ApiBadRequestResponse({
    description: 'Malformed file: the message names the line or element at fault; nothing is kept',
  })
  @ApiPayloadTooLargeResponse({ description: 'Larger than 5 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Neither application/xml nor text/csv' })
  async import(
    @Body() body: Buffer,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BankStatementImportResponse> {
    if (!Buffer.isBuffer(body)) {
      throw new UnsupportedMediaTypeException('Upload the statement as application/xml (camt.053) or text/csv.');
    }
    const user = req.sessionUser;
    // the file is its own idempotency: entries already imported are skipped by their keys
    const context: CommandContext = {
      actor: { kind: 'admin', id: user?.id ?? 0 },
      correlationId: String(req.id ?? ''),
    };
    const format = req.is('text/csv') ? 'csv' : 'camt053';
    const result = await this.commands.execute<
      ImportBankStatementCommand,
      BankStatementImportResponse & { created: boolean }
    >(new ImportBankStatementCommand(format, body, context));
    res.status(result.created ? 201 : 200);
    return { statement: result.statement };
  }

  @Get()
  @AdminOrAuditor()
  @ApiOperation({ summary: 'Imported statements, newest first, with counts per status' })
  @ApiOkResponse({ description: '{statements}' })
  list(): Promise<BankStatementsResponse> {
    return this.queries.execute(new ListBankStatementsQuery());
  }

  @Get('unmatched-payouts')
  @AdminOrAuditor()
  @ApiOperation({ summary: 'Paid payout items with no matching debit line after 5 business days' })
  @ApiOkResponse({ description: '{payouts}: items paid out with no debit line quoting their end-to-end id' })
  unmatchedPayouts(): Promise<UnmatchedPayoutsResponse> {
    return this.queries.execute(new ListUnmatchedPayoutsQuery(new Date()));
  }

  @Get(':id')
  @AdminOrAuditor()
  @ApiOperation({ summary: 'A statement and a page of its entries (?status= filters; 200 a page by default)' })
  @ApiOkResponse({ description: '{statement, entries, total}' })
  @ApiNotFoundResponse({ description: 'Unknown statement' })
  get(
    @Param('id', IdParamPipe) id: number,
    @Query() query: StatementEntriesQueryDto,
  ): Promise<BankStatementResponse & { total: number }> {
    return this.queries.execute(
      new GetBankStatementQuery(id, query.status, query.offset ?? 0, query.limit ?? STATEMENT_PAGE_SIZE),
    );
  }

  @Post(':id/entries/:entryId/credit')
  @AdminOnly()
  @ApiOperation({
    summary: 'Credit an entry through the deposit commands: its suggestion, or the customer / deposit request named',
  })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ description: '{entry}, credited, with the event id' })
  @ApiAcceptedResponse({ description: '{approval}: four eyes apply, a second admin must approve' })
  @ApiNotFoundResponse({ description: 'Unknown statement or entry' })
  @ApiConflictResponse({
    description: 'Already credited (whatever the concurrency), ignored, or not a booked USD credit',
  })
  async credit(
    @Param('id', IdParamPipe) id: number,
    @Param('entryId', IdParamPipe) entryId: number,
    @Body() body: CreditStatementEntryDto,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreditStatementEntryResult> {
    const result = await this.commands.execute<CreditStatementEntryCommand, CreditStatementEntryResult>(
      new CreditStatementEntryCommand(id, entryId, body.userId, body.depositRequestId, context),
    );
    res.status('approval' in result ? 202 : 200);
    return result;
  }

  @Post(':id/entries/:entryId/ignore')
  @AdminOnly()
  @ApiOperation({ summary: 'Set an entry aside with a reason' })
  @ApiOkResponse({ description: '{entry}' })
  @ApiConflictResponse({ description: 'Credited, ignored or paid out already' })
  async ignore(
    @Param('id', IdParamPipe) id: number,
    @Param('entryId', IdParamPipe) entryId: number,
    @Body() body: IgnoreStatementEntryDto,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ entry: BankStatementEntry }> {
    const entry = await this.commands.execute<IgnoreStatementEntryCommand, BankStatementEntry>(
      new IgnoreStatementEntryCommand(id, entryId, body.reason.trim(), context),
    );
    res.status(200);
    return { entry };
  }

  @Post(':id/credit-suggested')
  @AdminOnly()
  @ApiOperation({
    summary: 'Credit every suggested entry: below the four-eyes threshold at once, the others as approvals',
  })
  @ApiOkResponse({ description: '{credited, awaitingApproval, skipped:[{entryId, reason}]}' })
  @ApiNotFoundResponse({ description: 'Unknown statement' })
  async creditSuggested(
    @Param('id', IdParamPipe) id: number,
    @RequestCommandContext() context: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreditSuggestedResponse> {
    const result = await this.commands.execute<CreditSuggestedEntriesCommand, CreditSuggestedResponse>(
      new CreditSuggestedEntriesCommand(id, context),
    );
    res.status(200);
    return result;
  }
}

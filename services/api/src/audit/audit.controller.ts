import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  LedgerBalanceQuery,
  LedgerLogExport,
  ListAuditLogQuery,
  ListLedgerEventsQuery,
  VerifyLedgerQuery,
  type LedgerBalanceResult,
  type SessionUser,
} from '@savings/application';
import type {
  AuditBalanceResponse,
  AuditEventsResponse,
  AuditLogResponse,
  VerifyReport,
  VerifyRunResponse,
  VerifyRunsResponse,
} from '@savings/contracts';
import { Money } from '@savings/domain';
import { AdminOrAuditor, CurrentUser } from '../auth/auth.decorators';
import {
  AuditBalanceQueryDto,
  AuditBalanceResponseDto,
  AuditEventsQueryDto,
  AuditEventsResponseDto,
  AuditLogQueryDto,
  AuditLogResponseDto,
  VerifyReportDto,
  VerifyRunResponseDto,
  VerifyRunsResponseDto,
} from './audit.dto';
import { VerifyRunsService } from './verify-runs.service';

const DEFAULT_PAGE = 100;

/** Read-only proof of the ledger for auditors (and admins): the console at /audit uses these. */
@ApiTags('audit')
@Controller('audit')
@AdminOrAuditor()
export class AuditController {
  constructor(
    private readonly queries: QueryBus,
    private readonly verifyRuns: VerifyRunsService,
    private readonly logExport: LedgerLogExport,
  ) {}

  @Get('events')
  @ApiOperation({ summary: 'A page of the event log in seq order, with each event’s hash and previous hash' })
  @ApiOkResponse({ type: AuditEventsResponseDto })
  events(@Query() query: AuditEventsQueryDto): Promise<AuditEventsResponse> {
    return this.queries.execute<ListLedgerEventsQuery, AuditEventsResponse>(
      new ListLedgerEventsQuery(query.after ?? 0, query.limit ?? DEFAULT_PAGE),
    );
  }

  @Get('log')
  @ApiOperation({
    summary: 'The event log page by page with hashes and the block sealing each event (?userId= one account)',
  })
  @ApiOkResponse({ type: AuditLogResponseDto })
  log(@Query() query: AuditLogQueryDto): Promise<AuditLogResponse> {
    return this.queries.execute(new ListAuditLogQuery(query.after ?? 0, query.limit ?? 50, query.userId ?? null));
  }

  @Get('log.jsonl')
  @ApiOperation({
    summary:
      'The whole log as JSON Lines (header, events with postings, blocks, end line with sha256), streamed; check it offline with `npm run ledger -- verify --file`',
  })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({ description: 'The log, one JSON object per line (attachment)' })
  async exportLog(@Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="ledger-log-${new Date().toISOString().slice(0, 10)}.jsonl"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    try {
      await this.logExport.run(
        (text) =>
          new Promise<void>((resolve, reject) => {
            if (res.destroyed) return reject(new Error('client went away'));
            // wait for the socket to take the page before reading the next: memory stays flat
            if (res.write(text)) resolve();
            else res.once('drain', resolve);
          }),
      );
      res.end();
    } catch {
      // headers are gone: a cut-short file has no end line, which the verifier reports
      res.destroy();
    }
  }

  @Get('balance')
  @ApiOperation({ summary: 'An account’s balance at any instant, from the log (as `ledger balance --as-of`)' })
  @ApiOkResponse({ type: AuditBalanceResponseDto })
  @ApiNotFoundResponse({ description: 'Unknown user' })
  async balance(@Query() query: AuditBalanceQueryDto): Promise<AuditBalanceResponse> {
    const result = await this.queries.execute<LedgerBalanceQuery, LedgerBalanceResult>(
      new LedgerBalanceQuery(query.userId, query.asOf ? new Date(query.asOf) : null),
    );
    const cents = BigInt(result.balanceCents);
    return {
      userId: result.userId,
      asOf: result.asOf,
      balance: Money.toJsonNumber(cents),
      balanceCents: result.balanceCents,
    };
  }

  @Get('verify')
  @ApiOperation({
    summary:
      'Runs every integrity check in the request: hash chain, blocks, postings sum to zero, balances equal their events, replay (the console uses verify-runs)',
  })
  @ApiOkResponse({ type: VerifyReportDto, description: 'ok is false when any check fails (still 200: the report)' })
  verify(): Promise<VerifyReport> {
    return this.queries.execute<VerifyLedgerQuery, VerifyReport>(new VerifyLedgerQuery());
  }

  @Post('verify-runs')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Starts `ledger verify` in the background (a worker runs it); poll the run for progress' })
  @ApiAcceptedResponse({ type: VerifyRunResponseDto })
  async startVerifyRun(@CurrentUser() user: SessionUser): Promise<VerifyRunResponse> {
    return { run: await this.verifyRuns.start(user) };
  }

  @Get('verify-runs')
  @ApiOperation({ summary: 'The latest verify runs, newest first' })
  @ApiOkResponse({ type: VerifyRunsResponseDto })
  async listVerifyRuns(): Promise<VerifyRunsResponse> {
    return { runs: await this.verifyRuns.recent() };
  }

  @Get('verify-runs/:id')
  @ApiOperation({ summary: 'A verify run: status, progress, and each check’s result once completed' })
  @ApiOkResponse({ type: VerifyRunResponseDto })
  @ApiNotFoundResponse({ description: 'Unknown run' })
  async verifyRun(@Param('id') id: string): Promise<VerifyRunResponse> {
    return { run: await this.verifyRuns.get(id) };
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListLedgerEventsQuery, VerifyLedgerQuery } from '@savings/application';
import type { AuditEventsResponse, VerifyReport } from '@savings/contracts';
import { AdminOrAuditor } from '../auth/auth.decorators';
import { AuditEventsQueryDto, AuditEventsResponseDto, VerifyReportDto } from './audit.dto';

const DEFAULT_PAGE = 100;

/** Read-only proof of the ledger for auditors (and admins). */
@ApiTags('audit')
@Controller('audit')
@AdminOrAuditor()
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get('events')
  @ApiOperation({ summary: 'A page of the event log in seq order, with each event’s hash and previous hash' })
  @ApiOkResponse({ type: AuditEventsResponseDto })
  events(@Query() query: AuditEventsQueryDto): Promise<AuditEventsResponse> {
    return this.queries.execute<ListLedgerEventsQuery, AuditEventsResponse>(
      new ListLedgerEventsQuery(query.after ?? 0, query.limit ?? DEFAULT_PAGE),
    );
  }

  @Get('verify')
  @ApiOperation({
    summary:
      'Runs every integrity check: hash chain, blocks, postings sum to zero, balances equal their events, replay',
  })
  @ApiOkResponse({ type: VerifyReportDto, description: 'ok is false when any check fails (still 200: the report)' })
  verify(): Promise<VerifyReport> {
    return this.queries.execute<VerifyLedgerQuery, VerifyReport>(new VerifyLedgerQuery());
  }
}

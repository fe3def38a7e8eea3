import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  GetInterestCertificateQuery,
  GetStatementFileQuery,
  ListStatementMonthsQuery,
  type SessionUser,
  type StatementFile,
} from '@savings/application';
import type { StatementMonthsResponse } from '@savings/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import { statementDownload } from './statement-file';
import { StatementMonthsResponseDto } from './statements.dto';

export const MONTH_PARAM = ApiParam({ name: 'month', example: '2026-03', description: 'YYYY-MM in APP_TIMEZONE' });
export const YEAR_PARAM = ApiParam({ name: 'year', example: '2026' });
export const NO_STATEMENT = ApiNotFoundResponse({
  description: 'A month before the first event or after the current one',
});
export const BAD_PERIOD = ApiBadRequestResponse({ description: 'Not written YYYY-MM (or YYYY)' });

/** The signed-in customer's own statements; there is no way to name another account here. */
@ApiTags('statements')
@Controller('user/statements')
@Authenticated()
export class StatementsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Every month from the account’s first event to the current month' })
  @ApiOkResponse({ type: StatementMonthsResponseDto })
  months(@CurrentUser() user: SessionUser): Promise<StatementMonthsResponse> {
    return this.queries.execute(new ListStatementMonthsQuery(user.id));
  }

  @Get(':month.csv')
  @ApiOperation({ summary: 'A month’s statement as CSV: opening, every movement with the balance after it, closing' })
  @MONTH_PARAM
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The statement as CSV (attachment)' })
  @BAD_PERIOD
  @NO_STATEMENT
  async csv(
    @CurrentUser() user: SessionUser,
    @Param('month') month: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return statementDownload(await this.file(new GetStatementFileQuery(user.id, month, 'csv')), res);
  }

  @Get(':month.pdf')
  @ApiOperation({ summary: 'A month’s statement as PDF' })
  @MONTH_PARAM
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (attachment)' })
  @BAD_PERIOD
  @NO_STATEMENT
  async pdf(
    @CurrentUser() user: SessionUser,
    @Param('month') month: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return statementDownload(await this.file(new GetStatementFileQuery(user.id, month, 'pdf')), res);
  }

  @Get(':year/interest.pdf')
  @ApiOperation({ summary: 'The year’s interest per month and in total (an interest certificate for tax)' })
  @YEAR_PARAM
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (attachment)' })
  @BAD_PERIOD
  @NO_STATEMENT
  async interestCertificate(
    @CurrentUser() user: SessionUser,
    @Param('year') year: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return statementDownload(await this.file(new GetInterestCertificateQuery(user.id, year)), res);
  }

  private file(query: GetStatementFileQuery | GetInterestCertificateQuery): Promise<StatementFile> {
    return this.queries.execute(query);
  }
}

import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  GetInterestCertificateQuery,
  GetStatementFileQuery,
  ListStatementMonthsQuery,
  type StatementFile,
} from '@savings/application';
import type { StatementMonthsResponse } from '@savings/contracts';
import { IdParamPipe } from '../http/id-param.pipe';
import { AdminOrAuditor } from '../auth/auth.decorators';
import { statementDownload } from './statement-file';
import { BAD_PERIOD, MONTH_PARAM, NO_STATEMENT, YEAR_PARAM } from './statements.controller';
import { StatementMonthsResponseDto } from './statements.dto';

const USER_PARAM = ApiParam({ name: 'id', description: 'The customer’s user id' });

/** Any customer's statements, read-only, for admins and auditors (404 for an unknown user). */
@ApiTags('admin statements')
@Controller('admin/users/:id/statements')
@AdminOrAuditor()
export class AdminStatementsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'A customer’s statement months' })
  @USER_PARAM
  @ApiOkResponse({ type: StatementMonthsResponseDto })
  months(@Param('id', IdParamPipe) userId: number): Promise<StatementMonthsResponse> {
    return this.queries.execute(new ListStatementMonthsQuery(userId));
  }

  @Get(':month.csv')
  @ApiOperation({ summary: 'A customer’s month statement as CSV' })
  @USER_PARAM
  @MONTH_PARAM
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The statement as CSV (attachment)' })
  @BAD_PERIOD
  @NO_STATEMENT
  async csv(
    @Param('id', IdParamPipe) userId: number,
    @Param('month') month: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return statementDownload(await this.file(new GetStatementFileQuery(userId, month, 'csv')), res);
  }

  @Get(':month.pdf')
  @ApiOperation({ summary: 'A customer’s month statement as PDF' })
  @USER_PARAM
  @MONTH_PARAM
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (attachment)' })
  @BAD_PERIOD
  @NO_STATEMENT
  async pdf(
    @Param('id', IdParamPipe) userId: number,
    @Param('month') month: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return statementDownload(await this.file(new GetStatementFileQuery(userId, month, 'pdf')), res);
  }

  @Get(':year/interest.pdf')
  @ApiOperation({ summary: 'A customer’s interest certificate of a year' })
  @USER_PARAM
  @YEAR_PARAM
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (attachment)' })
  @BAD_PERIOD
  @NO_STATEMENT
  async interestCertificate(
    @Param('id', IdParamPipe) userId: number,
    @Param('year') year: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return statementDownload(await this.file(new GetInterestCertificateQuery(userId, year)), res);
  }

  private file(query: GetStatementFileQuery | GetInterestCertificateQuery): Promise<StatementFile> {
    return this.queries.execute(query);
  }
}

import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  GetPayoutFileContentQuery,
  ListPayoutFilesQuery,
  type PayoutFileContent,
  type PayoutFileFormat,
  type PayoutFileView,
} from '@savings/application';
import { AdminOnly } from '../auth/auth.decorators';
import { IdParamPipe } from '../http/id-param.pipe';
import { PayoutFileListDto } from './payout-file.dto';

/** Bank payout files written by the monthly job: admins list and download them. */
@ApiTags('admin payouts')
@Controller('admin/payouts')
@AdminOnly()
export class PayoutsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Payout files, newest first' })
  @ApiOkResponse({ type: PayoutFileListDto })
  async list(): Promise<{ payoutFiles: PayoutFileView[] }> {
    return {
      payoutFiles: await this.queries.execute<ListPayoutFilesQuery, PayoutFileView[]>(new ListPayoutFilesQuery()),
    };
  }

  @Get(':id/csv')
  @ApiOperation({ summary: 'The CSV of a payout file (beneficiary, iban, bic, amount, reference)' })
  @ApiProduces('text/csv')
  @ApiNotFoundResponse({ description: 'Unknown id' })
  csv(@Param('id', IdParamPipe) id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return this.download(id, 'csv', res);
  }

  @Get(':id/xml')
  @ApiOperation({ summary: 'The ISO 20022 pain.001.001.03 credit transfer file of a payout' })
  @ApiProduces('application/xml')
  @ApiNotFoundResponse({ description: 'Unknown id' })
  xml(@Param('id', IdParamPipe) id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return this.download(id, 'xml', res);
  }

  private async download(id: number, format: PayoutFileFormat, res: Response): Promise<StreamableFile> {
    const file = await this.queries.execute<GetPayoutFileContentQuery, PayoutFileContent>(
      new GetPayoutFileContentQuery(id, format),
    );
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.body, {
      type: file.contentType,
      disposition: `attachment; filename="${file.fileName}"`,
      length: file.body.length,
    });
  }
}

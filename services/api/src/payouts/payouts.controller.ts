import { Controller, Get, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  GetPayoutFileContentQuery,
  ListPayoutFilesQuery,
  type PayoutFileContent,
  type PayoutFileFormat,
} from '@savings/application';
import type { PayoutFileView } from '@savings/contracts';
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
  @ApiOperation({
    summary: 'The CSV of a payout file (beneficiary, iban, bic, amount, reference, end_to_end_id), as stored',
  })
  @ApiProduces('text/csv')
  @ApiNotFoundResponse({ description: 'Unknown id' })
  csv(
    @Param('id', IdParamPipe) id: number,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    return this.download(id, 'csv', req, res);
  }

  @Get(':id/xml')
  @ApiOperation({ summary: 'The ISO 20022 pain.001.001.03 credit transfer file of a payout, as stored' })
  @ApiProduces('application/xml')
  @ApiNotFoundResponse({ description: 'Unknown id' })
  xml(
    @Param('id', IdParamPipe) id: number,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    return this.download(id, 'xml', req, res);
  }

  /**
   * The stored bytes, with their SHA-256 (the one in the file's ledger event) as a strong ETag: a
   * client holding that hash gets 304, and anyone can compare a download with the ledger.
   */
  private async download(
    id: number,
    format: PayoutFileFormat,
    req: Request,
    res: Response,
  ): Promise<StreamableFile | undefined> {
    const file = await this.queries.execute<GetPayoutFileContentQuery, PayoutFileContent>(
      new GetPayoutFileContentQuery(id, format),
    );
    const etag = `"sha256-${file.sha256}"`;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('ETag', etag);
    if (
      req.headers['if-none-match']
        ?.split(',')
        .map((tag) => tag.trim())
        .includes(etag)
    ) {
      res.status(304);
      return undefined;
    }
    return new StreamableFile(file.body, {
      type: file.contentType,
      disposition: `attachment; filename="${file.fileName}"`,
      length: file.body.length,
    });
  }
}

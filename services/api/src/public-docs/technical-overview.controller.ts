import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IsIn, IsOptional } from 'class-validator';
import { GetTechnicalOverviewPdfQuery, PublicDocsModule } from '@savings/application';
import { TECHNICAL_OVERVIEW_LANGUAGES, type TechnicalOverviewLanguage } from '@savings/contracts';
import { Module } from '@nestjs/common';

export class TechnicalOverviewQueryDto {
  @ApiPropertyOptional({ enum: TECHNICAL_OVERVIEW_LANGUAGES, default: 'en' })
  @IsOptional()
  @IsIn(TECHNICAL_OVERVIEW_LANGUAGES, { message: `lang must be one of ${TECHNICAL_OVERVIEW_LANGUAGES.join(', ')}` })
  lang?: TechnicalOverviewLanguage;
}

/** The public technical overview as a PDF, in every language of the site. */
@ApiTags('public')
@Controller('public')
export class TechnicalOverviewController {
  constructor(private readonly queries: QueryBus) {}

  @Get('technical-overview.pdf')
  @ApiOperation({ summary: 'The technical overview as a PDF (pdfkit, fonts embedded) in the language asked for' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF' })
  async pdf(
    @Query() query: TechnicalOverviewQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const language = query.lang ?? 'en';
    const body = await this.queries.execute<GetTechnicalOverviewPdfQuery, Buffer>(
      new GetTechnicalOverviewPdfQuery(language),
    );
    res.setHeader('Cache-Control', 'public, max-age=3600');
    return new StreamableFile(body, {
      type: 'application/pdf',
      disposition: `attachment; filename="savings-platform-technical-overview-${language}.pdf"`,
      length: body.length,
    });
  }
}

@Module({ imports: [PublicDocsModule], controllers: [TechnicalOverviewController] })
export class PublicDocsApiModule {}

import { Module } from '@nestjs/common';
import { GetTechnicalOverviewPdfHandler } from './technical-overview.query';

/** Public documents rendered on the server (the technical overview PDF). */
@Module({ providers: [GetTechnicalOverviewPdfHandler] })
export class PublicDocsModule {}

import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TechnicalOverviewLanguage } from '@savings/contracts';
import { renderTechnicalOverviewPdf } from './technical-overview-pdf';

/** The technical overview PDF in a language; returns Buffer. */
export class GetTechnicalOverviewPdfQuery {
  constructor(readonly language: TechnicalOverviewLanguage) {}
}

@QueryHandler(GetTechnicalOverviewPdfQuery)
export class GetTechnicalOverviewPdfHandler implements IQueryHandler<GetTechnicalOverviewPdfQuery, Buffer> {
  // the text only changes with a deploy: each language is rendered once per process
  private readonly rendered = new Map<TechnicalOverviewLanguage, Promise<Buffer>>();

  execute({ language }: GetTechnicalOverviewPdfQuery): Promise<Buffer> {
    let pdf = this.rendered.get(language);
    if (!pdf) {
      pdf = renderTechnicalOverviewPdf(language);
      pdf.catch(() => this.rendered.delete(language));
      this.rendered.set(language, pdf);
    }
    return pdf;
  }
}

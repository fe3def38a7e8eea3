import { OPERATOR, technicalOverview, type TechnicalOverviewLanguage } from '@savings/contracts';
import { A4_MARGIN, createPdf, finishPdf } from '../pdf/pdf-document';

/** The technical overview (the web page's text) as an A4 PDF in one language, fonts embedded. */
export function renderTechnicalOverviewPdf(language: TechnicalOverviewLanguage): Promise<Buffer> {
  const content = technicalOverview(language);
  const title = `${OPERATOR.company} — ${content.title}`;
  const doc = createPdf({ title, subject: content.subtitle, author: OPERATOR.company, language });
  const width = doc.page.width - 2 * A4_MARGIN;
  doc.font('bold').fontSize(20).fillColor('#0b2a4a').text(title, { width });
  doc.moveDown(0.4).font('regular').fontSize(11).fillColor('#333333').text(content.subtitle, { width });
  for (const section of content.sections) {
    doc.moveDown(1.1).font('bold').fontSize(14).fillColor('#0b2a4a').text(section.heading, A4_MARGIN, doc.y, { width });
    doc.font('regular').fontSize(10.5).fillColor('#111111');
    for (const paragraph of section.paragraphs) {
      doc.moveDown(0.5).text(paragraph, A4_MARGIN, doc.y, { width, lineGap: 2 });
    }
    if (section.bullets?.length) {
      doc.moveDown(0.4).list(section.bullets, A4_MARGIN + 6, doc.y, { width: width - 6, bulletRadius: 2, lineGap: 2 });
    }
  }
  const template = content.page;
  return finishPdf(doc, `${OPERATOR.company} · ${OPERATOR.office} · ${OPERATOR.email}`, (page, pages) =>
    template.replace('{n}', String(page)).replace('{total}', String(pages)),
  );
}

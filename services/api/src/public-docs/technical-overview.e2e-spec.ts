import request from 'supertest';
import { TECHNICAL_OVERVIEW_LANGUAGES, technicalOverview } from '@savings/contracts';
import { pdfText } from '@savings/testing';
import { startTestApp, type TestApp } from '../../test/test-app';

// PDFs are rendered and parsed back in child processes: slow on a loaded machine
jest.setTimeout(60_000);

/** The technical overview PDF, public, in every language of the site, from the same text as the page. */
describe('GET /api/public/technical-overview.pdf', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(() => t?.close());

  it.each([...TECHNICAL_OVERVIEW_LANGUAGES])('renders the %s overview with its headings', async (language) => {
    const response = await request(t.server)
      .get(`/api/public/technical-overview.pdf?lang=${language}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="savings-platform-technical-overview-${language}.pdf"`,
    );
    const { text, pages } = await pdfText(response.body as Buffer);
    const flat = text.replace(/\s+/g, ' ');
    const content = technicalOverview(language);
    expect(flat).toContain(content.title);
    for (const section of content.sections) expect(flat).toContain(section.heading);
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 for a language the site does not have', async () => {
    const response = await request(t.server).get('/api/public/technical-overview.pdf?lang=xx').expect(400);
    expect(response.body.message).toMatch(/^lang must be one of en, it/);
  });
});

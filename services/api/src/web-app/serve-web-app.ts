import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, GetPublishedBlogPostQuery } from '@savings/application';
import type { AppConfig } from '@savings/config';
import { isKnownWebPath, prerenderedPageFile } from '@savings/contracts';
import { injectBlogPostMeta } from '../blog/blog-post-meta';
import { precompressedAssets } from './precompressed-assets';

const BLOG_POST_PATH = /^\/blog\/([^/]+)\/?$/;
/** Source maps are never served (contract section 8), even if a build left one in dist. */
const isSourceMap = (req: Request) => /\.map$/i.test(req.path);

/** Where the built web app is: WEB_DIST_DIR, else web/dist of this repository. */
export function resolveWebDist(configured: string | null): string | null {
  const dir = configured ?? resolve(__dirname, '../../../../web/dist');
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/**
 * Production serving of the built web app from the API's own origin: hashed assets are cached for a
 * year, known routes get index.html with 200, anything else gets it with 404 (the app shows its 404
 * page; crawlers see the status). /blog/{slug} of a published post gets the post's title and meta tags
 * in the served head (crawlers that run no JavaScript see them); an unknown slug gets 404. The landing
 * pages are served as the web build prerendered them (web/src/prerender), gzipped when the browser
 * accepts it: they paint before the app's JavaScript has run.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): void {
  const indexPath = join(distDir, 'index.html');
  // Re-read index.html when a new build replaces it, so a rebuild never serves names of deleted assets.
  let cached = { mtimeMs: -1, indexHtml: '', notFoundHtml: '' };
  const pages = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs) {
      const indexHtml = readFileSync(indexPath, 'utf8');
      cached = {
        mtimeMs,
        indexHtml,
        notFoundHtml: indexHtml.replace('<head>', '<head><meta name="robots" content="noindex">'),
      };
    }
    return cached;
  };
  // the prerendered landing pages and their gzipped twins, re-read when a build replaces them; a build
  // without them (the dev server's) leaves index.html to draw the page in the browser
  const files = new Map<string, { mtimeMs: number; content: Buffer }>();
  const buildFile = (name: string): Buffer | null => {
    const path = join(distDir, name);
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return null;
    let file = files.get(path);
    if (file?.mtimeMs !== mtimeMs) {
      file = { mtimeMs, content: readFileSync(path) };
      files.set(path, file);
    }
    return file.content;
  };
  const sendPrerendered = (req: Request, res: Response, name: string): boolean => {
    const gzipped = req.acceptsEncodings('gzip') ? buildFile(`${name}.gz`) : null;
    const content = gzipped ?? buildFile(name);
    if (!content) return false;
    res.status(200).type('html').setHeader('Cache-Control', 'no-cache').vary('Accept-Encoding');
    if (gzipped) res.setHeader('Content-Encoding', 'gzip');
    res.send(content);
    return true;
  };
  const queries = app.get(QueryBus);
  const origin = app.get<AppConfig>(APP_CONFIG).publicOrigins[0];
  app.use(
    '/assets',
    (req: Request, res: Response, next: NextFunction) =>
      isSourceMap(req) ? res.status(404).type('text').send('Not found') : next(),
    precompressedAssets(join(distDir, 'assets'), { immutable: true, maxAge: '365d' }),
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
    (_req: Request, res: Response) => res.status(404).type('text').send('Not found'),
  );
  // Nest mounts its routes after these handlers, so API calls pass through here first: they skip the
  // file lookup (a stat per API request otherwise) and the page fallback.
  const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');
  const staticFiles = express.static(distDir, { index: false, maxAge: '1h' });
  // the prerendered pages are served at their own paths only (a page at another path would not hydrate)
  const isPrerendered = (req: Request) => req.path.startsWith('/prerendered/');
  app.use((req: Request, res: Response, next: NextFunction) =>
    isApi(req) || isPrerendered(req) || isSourceMap(req) ? next() : staticFiles(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) {
      next();
      return;
    }
    const { indexHtml, notFoundHtml } = pages();
    const send = (status: number, html: string) =>
      res.status(status).type('html').setHeader('Cache-Control', 'no-cache').send(html);
    const blogPost = BLOG_POST_PATH.exec(req.path);
    if (blogPost) {
      // slugs are made of [a-z0-9-] only (slugify), so anything else is unknown without asking the database
      const slug = blogPost[1];
      if (!/^[a-z0-9-]{1,100}$/.test(slug)) {
        send(404, notFoundHtml);
        return;
      }
      queries.execute(new GetPublishedBlogPostQuery(slug)).then(
        (post) => (post ? send(200, injectBlogPostMeta(indexHtml, post, origin)) : send(404, notFoundHtml)),
        // the database being down must not hide the page: the app fetches the post itself
        () => send(200, indexHtml),
      );
      return;
    }
    const prerendered = prerenderedPageFile(req.path);
    if (prerendered && sendPrerendered(req, res, prerendered)) return;
    if (isKnownWebPath(req.path)) send(200, indexHtml);
    else send(404, notFoundHtml);
  });
}

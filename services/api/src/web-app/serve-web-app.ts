import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isKnownWebPath } from '@savings/contracts';

/** Where the built web app is: WEB_DIST_DIR, else web/dist of this repository. */
export function resolveWebDist(configured: string | null): string | null {
  const dir = configured ?? resolve(__dirname, '../../../../web/dist');
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/**
 * Production serving of the built web app from the API's own origin: hashed assets are cached for a
 * year, known routes get index.html with 200, anything else gets it with 404 (the app shows its 404
 * page; crawlers see the status).
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): void {
  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  app.use(
    '/assets',
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      next();
      return;
    }
    const known = isKnownWebPath(req.path);
    res
      .status(known ? 200 : 404)
      .type('html')
      .setHeader('Cache-Control', 'no-cache')
      .send(known ? indexHtml : indexHtml.replace('<head>', '<head><meta name="robots" content="noindex">'));
  });
}

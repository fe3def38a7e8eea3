import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { extname } from 'node:path';

/** What the web build writes a gzipped twin (`name.gz`) of: the scripts and styles pages load. */
const COMPRESSIBLE = /\.(js|css)$/;

/**
 * Serves the web build's gzipped twin of an asset (web/vite.config.ts writes `name.js.gz` beside
 * `name.js`) to browsers that accept gzip: about a third of the bytes on the wire, compressed once at
 * build time rather than on every request. Anything without a twin, or a browser without gzip, falls
 * through to the plain file.
 */
export function precompressedAssets(
  assetsDir: string,
  options: { maxAge: string; immutable: boolean },
): RequestHandler {
  const twins = express.static(assetsDir, {
    ...options,
    index: false,
    setHeaders: (res: Response, path: string) => {
      res.setHeader('Content-Encoding', 'gzip');
      // the type of the original file (name.js), not of the .gz
      res.type(extname(path.slice(0, -'.gz'.length)));
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) {
      next();
      return;
    }
    // caches must keep the gzipped and the plain answer apart
    res.vary('Accept-Encoding');
    if (!req.acceptsEncodings('gzip')) {
      next();
      return;
    }
    const url = req.url;
    req.url = `${req.path}.gz`;
    twins(req, res, () => {
      req.url = url;
      next();
    });
  };
}

import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { BANK_STATEMENT_MAX_BYTES } from '@savings/contracts';

/** The one route whose body is a file, not JSON (api-contract.md section 11). */
export const STATEMENT_UPLOAD_PATH = '/admin/bank-statements';
export const STATEMENT_TYPES = ['application/xml', 'text/xml', 'text/csv'];

/** A POST of a bank statement (camt.053 XML or CSV) to the upload route, relative to /api. */
export function isStatementUpload(req: Request): boolean {
  return req.method === 'POST' && req.path === STATEMENT_UPLOAD_PATH && req.is(STATEMENT_TYPES) !== false;
}

const readRaw = express.raw({ limit: BANK_STATEMENT_MAX_BYTES, type: () => true });

/**
 * Reads a statement upload as bytes (at most 5 MB, 413 above); the JSON body rules stay as they are
 * for every other request. Mounted after the JSON checks, which leave this route's body alone.
 */
export const readStatementUpload: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (!isStatementUpload(req)) {
    next();
    return;
  }
  readRaw(req, res, (error?: unknown) => {
    if (!error) {
      next();
      return;
    }
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') res.status(413).json({ message: 'The statement is larger than 5 MB.' });
    else if (type === 'encoding.unsupported')
      res.status(415).json({ message: 'Request body encoding is not supported.' });
    else res.status(400).json({ message: 'The statement could not be read.' });
  });
};

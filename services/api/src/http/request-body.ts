import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { isStatementUpload } from '../bank-statements/statement-upload';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const BODY_LIMIT = '100kb';
/** Deeper JSON than this is refused before parsing: the parser and class-transformer recurse. */
export const MAX_JSON_DEPTH = 20;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * 415 for a state-changing request whose body is not JSON; requests without a body pass, and so does
 * a bank statement upload (read as bytes by readStatementUpload).
 */
export const requireJsonBody: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (MUTATING.has(req.method) && hasBody(req) && !req.is('application/json') && !isStatementUpload(req)) {
    res.status(415).json({ message: 'Request body must be JSON (Content-Type: application/json).' });
    return;
  }
  next();
};

/** Reads a JSON body as text (size limit, Content-Encoding, charset decoding); parseJsonText parses it. */
const readJsonText = express.text({ limit: BODY_LIMIT, type: 'application/json', defaultCharset: 'utf-8' });

/** Body reading errors answered here, before Nest (its filters only see errors thrown in routes). */
const PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'Request body is too large (the limit is 100 KB).'],
  'entity.parse.failed': [400, 'Request body is not valid JSON.'],
  'entity.too.deep': [400, 'Request body is nested too deeply.'],
  'encoding.unsupported': [415, 'Request body encoding is not supported.'],
  'charset.unsupported': [415, 'Request body charset is not supported.'],
  'request.size.invalid': [400, 'Request body length does not match Content-Length.'],
};

class JsonBodyError extends Error {
  constructor(readonly type: 'entity.parse.failed' | 'entity.too.deep') {
    super(type);
  }
}

/**
 * Nesting depth of JSON text (brackets outside strings), measured before parsing: the parser recurses,
 * and a 100 KB body can nest 50,000 levels.
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_JSON_DEPTH) return deepest;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * A JSON number that a JavaScript number would not hold exactly (`1000.009999999999999999` would
 * become 1000.01), kept as its source text. It is neither a number nor a string, so no validator takes
 * it for either and no amount is judged on a rounded value (contract section 8): it is refused like
 * any other wrong type. (lossless-json's own LosslessNumber cannot be used: class-transformer copies
 * a body's objects by constructing them without arguments, which it refuses.)
 */
export class UnsafeJsonNumber {
  constructor(readonly text: string = '') {}
}

/** Numbers a double holds exactly (`1000.10`, `1e3`) stay numbers. */
const parseNumber = (text: string): number | UnsafeJsonNumber =>
  isSafeNumber(text) ? Number(text) : new UnsafeJsonNumber(text);

/**
 * JSON.parse's job, with numbers judged on their text: an object or array only (an empty body is
 * `{}`), at most MAX_JSON_DEPTH deep, no duplicate keys (which one would count is ambiguous).
 */
export function parseJsonText(raw: string): unknown {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.length === 0) return {};
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') throw new JsonBodyError('entity.parse.failed');
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) throw new JsonBodyError('entity.too.deep');
  try {
    return parseLossless(text, null, parseNumber);
  } catch {
    throw new JsonBodyError('entity.parse.failed');
  }
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

export const parseJsonBody: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  const answer = (type: string) => {
    const [status, message] = PARSER_ERRORS[type] ?? [400, 'Request body could not be read.'];
    res.status(status).json({ message });
  };
  // JSON is UTF-8, -16 or -32 (RFC 7159 section 8.1)
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1].toLowerCase();
  if (req.is('application/json') && charset !== undefined && !charset.startsWith('utf-')) {
    answer('charset.unsupported');
    return;
  }
  readJsonText(req, res, (error?: unknown) => {
    if (error) {
      answer((error as { type?: string }).type ?? '');
      return;
    }
    if (typeof req.body !== 'string') {
      next(); // no body, or not JSON (requireJsonBody has answered those that needed one)
      return;
    }
    try {
      req.body = parseJsonText(req.body);
    } catch (parseError) {
      answer(parseError instanceof JsonBodyError ? parseError.type : '');
      return;
    }
    next();
  });
};

import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const BODY_LIMIT = '100kb';
/** Deeper JSON than this is refused before validation: class-transformer recurses and would overflow. */
export const MAX_JSON_DEPTH = 20;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** 415 for a state-changing request whose body is not JSON; requests without a body pass. */
export const requireJsonBody: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (MUTATING.has(req.method) && hasBody(req) && !req.is('application/json')) {
    res.status(415).json({ message: 'Request body must be JSON (Content-Type: application/json).' });
    return;
  }
  next();
};

const jsonParser = express.json({ limit: BODY_LIMIT, strict: true, type: 'application/json' });

/** Body parser errors answered here, before Nest (its filters only see errors thrown in routes). */
const PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'Request body is too large (the limit is 100 KB).'],
  'entity.parse.failed': [400, 'Request body is not valid JSON.'],
  'encoding.unsupported': [415, 'Request body encoding is not supported.'],
  'charset.unsupported': [415, 'Request body charset is not supported.'],
  'request.size.invalid': [400, 'Request body length does not match Content-Length.'],
};

export const parseJsonBody: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  jsonParser(req, res, (error?: unknown) => {
    if (!error) {
      next();
      return;
    }
    const type = (error as { type?: string }).type ?? '';
    const [status, message] = PARSER_ERRORS[type] ?? [400, 'Request body could not be read.'];
    res.status(status).json({ message });
  });
};

/** Iterative, so a hostile 100,000-level document cannot overflow the stack here either. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export const limitJsonDepth: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (req.body !== undefined && jsonDepth(req.body) > MAX_JSON_DEPTH) {
    res.status(400).json({ message: 'Request body is nested too deeply.' });
    return;
  }
  next();
};

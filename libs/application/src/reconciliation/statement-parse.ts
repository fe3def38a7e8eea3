import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseCamt053 } from './camt053-parser';
import { parseStatementCsv } from './statement-csv-parser';
import { StatementFormatError, type ParsedStatement } from './statement-entry';

export type StatementFormat = 'camt053' | 'csv';

/** A parse's outcome as data, so it crosses a thread: the statement, or why the file is refused. */
export type ParseOutcome = { statement: ParsedStatement } | { refused: string };

/** Decodes (UTF-8, strictly) and parses; a refusal names the line or element at fault. */
export function parseStatementText(format: StatementFormat, body: Uint8Array): ParseOutcome {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { refused: 'The statement is not valid UTF-8 text.' };
  }
  try {
    return { statement: format === 'camt053' ? parseCamt053(text) : parseStatementCsv(text) };
  } catch (error) {
    if (error instanceof StatementFormatError) return { refused: error.message };
    throw error;
  }
}

/**
 * The compiled worker: beside this file in dist, or in the built dist when these run as TypeScript
 * (tests). Absent, the parse runs on the calling thread.
 */
const WORKER_FILE = [
  join(__dirname, 'statement-parse.worker.js'),
  join(__dirname, '../../dist/reconciliation/statement-parse.worker.js'),
].find((file) => existsSync(file));

/** A hostile file cannot take more than this much heap in its parse thread. */
const PARSE_HEAP_MB = 768;

/**
 * Parses on a worker thread of its own: a 5 MB statement takes seconds of CPU, which would otherwise
 * stall every other request of the API process. BigInt amounts survive the structured clone.
 */
export function parseStatementOffThread(format: StatementFormat, body: Buffer): Promise<ParseOutcome> {
  if (WORKER_FILE === undefined) return Promise.resolve(parseStatementText(format, body));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { format, body: new Uint8Array(body) },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    });
    let answered = false;
    worker.once('message', (outcome: ParseOutcome) => {
      answered = true;
      resolve(outcome);
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The statement parser stopped (exit code ${code})`));
    });
  });
}

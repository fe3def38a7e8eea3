import { parentPort, workerData } from 'node:worker_threads';
import { parseStatementText } from './statement-parse';

/** One statement parsed off the API's event loop (statement-parse.ts); answers once, then ends. */
const { format, body } = workerData as { format: 'camt053' | 'csv'; body: Uint8Array };
parentPort?.postMessage(parseStatementText(format, body));

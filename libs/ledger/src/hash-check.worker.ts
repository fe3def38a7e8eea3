import { parentPort } from 'node:worker_threads';
import { firstHashMismatch } from './hash-check';

/** PageHashChecker's thread: rehashes each log page it is sent and answers with the first mismatch. */
parentPort?.on('message', (message: { id: number; page: string }) => {
  try {
    parentPort?.postMessage({ id: message.id, mismatch: firstHashMismatch(message.page) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: (error as Error).message });
  }
});

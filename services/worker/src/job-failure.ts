import { UnrecoverableError } from 'bullmq';
import { isDomainError } from '@savings/domain';

/** What a failed job records when the cause is not a sentence meant for people (SQL, a path, a stack). */
export const INTERNAL_JOB_FAILURE = 'The job failed on an internal error; the worker log has the details.';

/**
 * The error a failed job records (its `failedReason`, shown on the queue board): one sentence, never a
 * stack trace, SQL or a file path (api-contract.md section 10). Domain errors carry sentences written
 * for people and are kept (cut to their first line); anything else becomes INTERNAL_JOB_FAILURE, its
 * details going to the worker's log only. A refused payload (JOBS.*, kind invalid) is unrecoverable:
 * retrying a forged job would only refuse it again. The stack is emptied, as BullMQ stores a non-empty
 * one whatever the job's stackTraceLimit says (a job's options are the sender's too).
 */
export function jobFailure(error: unknown): Error {
  const sentence = isDomainError(error) ? oneSentence(error.message) : INTERNAL_JOB_FAILURE;
  const refused = isDomainError(error) && error.kind === 'invalid' && error.code.startsWith('JOBS.');
  const failure = refused ? new UnrecoverableError(sentence) : new Error(sentence);
  failure.stack = '';
  return failure;
}

function oneSentence(message: string): string {
  const [first] = message.split(/\r?\n/);
  const text = first.trim().slice(0, 300);
  return text.length > 0 ? text : INTERNAL_JOB_FAILURE;
}

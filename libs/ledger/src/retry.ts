/** Thrown by an attempt whose append lost a version race: the work is re-decided on the new state. */
export class VersionConflict extends Error {
  constructor(readonly streams: string[] = []) {
    super(`Version conflict on ${streams.length > 0 ? streams.join(', ') : 'a stream'}`);
    this.name = 'VersionConflict';
  }
}

export interface RetryOptions {
  maxAttempts: number;
  /** Thrown when the attempts run out (a DomainError for commands: 409). */
  exhausted: () => Error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pause before attempt n + 1 of work that lost a version race: jittered, growing with n, at most
 * 50 ms, so writers racing for one stream spread out instead of colliding again.
 */
export function conflictBackoffMs(attempt: number): number {
  return Math.random() * Math.min(50, 2 * attempt);
}

/**
 * The retry loop of the interest batches: runs `attempt` again while it throws VersionConflict, after
 * conflictBackoffMs. Any other error ends the loop. (Commands are retried by their group commit.)
 */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let n = 1; n <= options.maxAttempts; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      if (n < options.maxAttempts) await sleep(conflictBackoffMs(n));
    }
  }
  throw options.exhausted();
}

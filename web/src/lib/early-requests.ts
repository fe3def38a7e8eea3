/**
 * The first screen's GET requests, sent as the app starts, beside the download of the screen's code,
 * instead of once it has rendered (a round trip or two later on a phone): `apiRequest` takes the answer
 * when the screen asks for the same path. Made exactly as `apiRequest` makes them. An answer not taken
 * within EARLY_ANSWER_MS (the screen redirected, or asked something else) is dropped, so a later visit
 * never gets an old answer.
 */
const EARLY_ANSWER_MS = 10_000;
const early = new Map<string, { at: number; response: Promise<Response> }>();

export function requestEarly(paths: readonly string[]): void {
  for (const path of paths) {
    const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'include' });
    // a failed request is the screen's to report, when it asks again
    response.catch(() => undefined);
    early.set(path, { at: Date.now(), response });
  }
}

/** The early answer for `path` (once), if it was asked for within EARLY_ANSWER_MS. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const request = early.get(path);
  early.delete(path);
  return request && Date.now() - request.at < EARLY_ANSWER_MS ? request.response : undefined;
}

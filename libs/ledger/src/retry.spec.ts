import { conflictBackoffMs, retryOnConflict, VersionConflict } from './retry';

/** Given work that loses version races, when it is retried, then it runs again only for a conflict. */

const exhausted = () => new Error('gave up');

describe('VersionConflict', () => {
  it('names the streams that conflicted, or says "a stream"', () => {
    expect(new VersionConflict(['account-1', 'account-2']).message).toBe('Version conflict on account-1, account-2');
    expect(new VersionConflict().message).toBe('Version conflict on a stream');
    expect(new VersionConflict().streams).toEqual([]);
    expect(new VersionConflict().name).toBe('VersionConflict');
  });
});

describe('conflictBackoffMs', () => {
  afterEach(() => jest.restoreAllMocks());

  it('grows by 2 ms an attempt up to 50 ms, jittered from zero', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    expect([1, 2, 10, 25, 26, 100].map(conflictBackoffMs)).toEqual([1, 2, 10, 25, 25, 25]);
    jest.spyOn(Math, 'random').mockReturnValue(0);
    expect(conflictBackoffMs(10)).toBe(0);
  });
});

describe('retryOnConflict', () => {
  it('returns the first attempt that succeeds, numbering the attempts from 1', async () => {
    const seen: number[] = [];
    const result = await retryOnConflict(
      async (n) => {
        seen.push(n);
        if (n < 3) throw new VersionConflict(['account-1']);
        return `done at ${n}`;
      },
      { maxAttempts: 3, exhausted },
    );
    expect(result).toBe('done at 3');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('throws exhausted() after maxAttempts conflicts, without pausing after the last', async () => {
    const seen: number[] = [];
    const started = Date.now();
    await expect(
      retryOnConflict(
        async (n) => {
          seen.push(n);
          throw new VersionConflict();
        },
        { maxAttempts: 2, exhausted },
      ),
    ).rejects.toThrow('gave up');
    expect(seen).toEqual([1, 2]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('pauses between attempts only: the last conflict throws at once', async () => {
    jest.useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(1);
    try {
      const outcome = jest.fn();
      void retryOnConflict(
        async () => {
          throw new VersionConflict();
        },
        { maxAttempts: 2, exhausted },
      ).catch((error: Error) => outcome(error.message));
      await jest.advanceTimersByTimeAsync(1);
      expect(outcome).not.toHaveBeenCalled(); // the first pause (2 ms) is not over
      await jest.advanceTimersByTimeAsync(1);
      expect(outcome).toHaveBeenCalledWith('gave up');
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });

  it('ends at any other error, at once', async () => {
    let attempts = 0;
    await expect(
      retryOnConflict(
        async () => {
          attempts += 1;
          throw new Error('database down');
        },
        { maxAttempts: 5, exhausted },
      ),
    ).rejects.toThrow('database down');
    expect(attempts).toBe(1);
  });

  it('waits the backoff between attempts', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(1);
    const started = Date.now();
    await retryOnConflict(
      async (n) => {
        if (n < 5) throw new VersionConflict();
        return n;
      },
      { maxAttempts: 5, exhausted },
    );
    jest.restoreAllMocks();
    // 2 + 4 + 6 + 8 ms (a timer may fire a millisecond early)
    expect(Date.now() - started).toBeGreaterThanOrEqual(16);
  });
});

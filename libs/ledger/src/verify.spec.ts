import { eventsDigest } from './blocks';
import { linesDigest } from './verify';

describe('linesDigest', () => {
  it('is eventsDigest of the events written as seq:hash lines (the sealed blocks are checked with it)', () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      seq: String(1_000_000 + i * 7),
      hash: (i * 2654435761).toString(16).padStart(64, String(i % 10)),
    }));
    for (const count of [0, 1, 2, 999, 1000]) {
      const block = events.slice(0, count);
      expect(linesDigest(block.map((e) => `${e.seq}:${e.hash}\n`).join(''))).toBe(eventsDigest(block));
    }
  });
});

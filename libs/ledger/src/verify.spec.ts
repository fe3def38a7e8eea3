import { eventsDigest } from './blocks';
import { BlockDigest } from './verify';

describe('BlockDigest', () => {
  it("is eventsDigest of a block's events, its count and first seq, across chunks (the sealed blocks are checked with it)", () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      seq: String(1_000_000 + i * 7),
      hash: (i * 2654435761).toString(16).padStart(64, String(i % 10)),
    }));
    for (const count of [0, 1, 2, 200, 999, 1000]) {
      const block = events.slice(0, count);
      const digest = new BlockDigest();
      for (const event of block) digest.add(event.seq, event.hash);
      expect(digest.count).toBe(count);
      expect(digest.firstSeq).toBe(block[0]?.seq ?? null);
      expect(digest.digest()).toBe(eventsDigest(block));
    }
  });
});

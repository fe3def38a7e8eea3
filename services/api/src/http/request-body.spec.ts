import { jsonDepth, MAX_JSON_DEPTH } from './request-body';

describe('jsonDepth', () => {
  it('measures objects and arrays', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: 1 })).toBe(1);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
  });

  it('stops early on hostile nesting without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(50000) + ']'.repeat(50000));
    expect(jsonDepth(deep)).toBeGreaterThan(MAX_JSON_DEPTH);
  });
});

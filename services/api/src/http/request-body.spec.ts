import { jsonTextDepth, MAX_JSON_DEPTH, parseJsonText, UnsafeJsonNumber } from './request-body';

describe('jsonTextDepth', () => {
  it('counts brackets outside strings', () => {
    expect(jsonTextDepth('1')).toBe(0);
    expect(jsonTextDepth('{"a":1}')).toBe(1);
    expect(jsonTextDepth('{"a":[{"b":1}]}')).toBe(3);
    expect(jsonTextDepth('{"a":"[[[[\\"[[["}')).toBe(1);
  });

  it('stops early on hostile nesting', () => {
    expect(jsonTextDepth('['.repeat(50000) + ']'.repeat(50000))).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe('parseJsonText', () => {
  it('keeps numbers a double holds exactly as numbers', () => {
    expect(parseJsonText('{"a":1000.10,"b":1e3,"c":-0.5,"d":12}')).toEqual({ a: 1000.1, b: 1000, c: -0.5, d: 12 });
  });

  it('keeps the text of a number a double would round, as an UnsafeJsonNumber', () => {
    for (const text of ['1000.009999999999999999', '1000.0000000000000001', '9007199254740993', '1e999']) {
      const { amount } = parseJsonText(`{"amount":${text}}`) as { amount: unknown };
      expect(amount).toEqual(new UnsafeJsonNumber(text));
    }
  });

  it('refuses what JSON.parse in strict mode refuses, deep nesting and duplicate keys', () => {
    for (const text of ['"text"', 'null', '1', '{"a":', '{"a":1}}', '['.repeat(30) + ']'.repeat(30), '{"a":1,"a":2}']) {
      expect(() => parseJsonText(text)).toThrow();
    }
    expect(parseJsonText('')).toEqual({});
    expect(parseJsonText('\uFEFF {"a":[1]}')).toEqual({ a: [1] });
  });

  it('keeps "__proto__" as an own key (refused later), never as a prototype', () => {
    const parsed = parseJsonText('{"__proto__":{"isAdmin":true}}') as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});

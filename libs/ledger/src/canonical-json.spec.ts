import { canonicalJson } from './canonical-json';
import { batchEventHasher, eventHash, type HashedContent } from './event-hash';

/** Canonical JSON case by case (the hash chain of every stored event depends on each byte). */
describe('canonicalJson', () => {
  it('writes scalars as JSON does, undefined and functions as null', () => {
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(() => 1)).toBe('null');
    expect(canonicalJson(true)).toBe('true');
    expect(canonicalJson(1.5)).toBe('1.5');
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(12345678901234567890n)).toBe('"12345678901234567890"');
    expect(canonicalJson(new Date('2030-01-02T03:04:05.678Z'))).toBe('"2030-01-02T03:04:05.678Z"');
  });

  it('writes arrays in order, commas between, holes and undefined as null', () => {
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson([1])).toBe('[1]');
    expect(canonicalJson([1, 'a', null, undefined])).toBe('[1,"a",null,null]');
    expect(canonicalJson([[2, 1], { b: 1, a: 2 }])).toBe('[[2,1],{"a":2,"b":1}]');
  });

  it('writes objects with sorted keys, commas between, undefined members dropped', () => {
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ z: 1, a: undefined })).toBe('{"z":1}');
    expect(canonicalJson({ a: undefined, z: 1, m: 2 })).toBe('{"m":2,"z":1}');
    expect(canonicalJson({ b: { d: 1, c: [3] }, a: 'x' })).toBe('{"a":"x","b":{"c":[3],"d":1}}');
    expect(canonicalJson({ 'k"ey': 1 })).toBe('{"k\\"ey":1}');
  });

  it('writes a member named "undefined" like any other', () => {
    expect(canonicalJson({ undefined: 1 })).toBe('{"undefined":1}');
    expect(canonicalJson({ undefined: 1, a: 2 })).toBe('{"a":2,"undefined":1}');
  });

  it('never mixes up two key lists whose cached shape text is the same (keys holding \\u0000)', () => {
    expect(canonicalJson({ 'a\u0000b': 1, c: 2 })).toBe('{"a\\u0000b":1,"c":2}');
    expect(canonicalJson({ a: 1, 'b\u0000c': 2 })).toBe('{"a":1,"b\\u0000c":2}');
    expect(canonicalJson({ 'a\u0000b': 1 })).toBe('{"a\\u0000b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    expect(canonicalJson({ 'a\u0000b': 1 })).toBe('{"a\\u0000b":1}');
  });
});

describe('batchEventHasher on other payloads', () => {
  const metadata = { actor: { kind: 'admin', id: 1 }, correlationId: 'c' };
  const occurredAt = new Date('2030-01-02T10:00:00.000Z');
  const content = (payload: unknown): HashedContent => ({
    streamId: 'account-42',
    version: 3,
    type: 'DepositConfirmed',
    schemaVersion: 1,
    payload,
    metadata,
    occurredAt,
  });

  it('hashes exactly as eventHash, with or without a payload', () => {
    const hasher = batchEventHasher(metadata, occurredAt);
    const deposit = content({ depositRequestId: null, amountCents: '100000', note: null });
    expect(hasher('ab'.repeat(32), deposit)).toBe(eventHash('ab'.repeat(32), deposit));
    expect(hasher('cd'.repeat(32), deposit)).not.toBe(hasher('ab'.repeat(32), deposit));
    const empty = content(undefined);
    expect(hasher('ab'.repeat(32), empty)).toBe(eventHash('ab'.repeat(32), empty));
    expect(eventHash('ab'.repeat(32), deposit)).toMatch(/^[0-9a-f]{64}$/);
  });
});

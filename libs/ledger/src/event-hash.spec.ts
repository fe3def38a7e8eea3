import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json';
import { batchEventHasher, eventHash, type HashedContent } from './event-hash';

/**
 * The hash of every stored event must stay what it was when it was written (verify recomputes it), so
 * the faster serializers are held to the original definition: this reference canonical JSON (the first
 * implementation, map/join) and hash = sha256(prev_hash, canonical JSON of the content).
 */
function referenceCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => referenceCanonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${referenceCanonicalJson(record[key])}`).join(',')}}`;
}

function referenceEventHash(prevHash: string, content: HashedContent): string {
  return createHash('sha256')
    .update(prevHash)
    .update(referenceCanonicalJson({ ...content, occurredAt: content.occurredAt.toISOString() }))
    .digest('hex');
}

/** JSON-like values with the extras the ledger meets: undefined members, bigints, dates, odd keys. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.bigInt(),
    fc.string({ unit: 'binary' }),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const interestPayload = fc.record({
  accrualDate: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  balanceCents: fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String),
  rateNumerator: fc.constant(7),
  rateDenominator: fc.constant(36500),
  exactOwedCents: fc.bigInt({ min: 0n, max: 10n ** 17n }).map((n) => `${n}/36500`),
  creditedCents: fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String),
  carryBefore: fc.integer({ min: 0, max: 36499 }),
  carryAfter: fc.integer({ min: 0, max: 36499 }),
  balanceAfterCents: fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String),
});

const metadata = fc.record({
  actor: fc.record({ kind: fc.string(), id: fc.oneof(fc.integer(), fc.string({ unit: 'binary' })) }),
  correlationId: fc.string({ unit: 'binary' }),
  causationId: fc.option(fc.string()),
  idempotencyKey: fc.option(fc.string({ unit: 'binary' })),
});

type EventContent = Omit<HashedContent, 'metadata' | 'occurredAt'>;

/** Content of any type but InterestAccrued, with any payload. */
const anyContent: fc.Arbitrary<EventContent> = fc.record({
  streamId: fc.oneof(
    fc.nat().map((id) => `account-${id}`),
    fc.string({ unit: 'binary' }),
  ),
  version: fc.integer({ min: 1 }),
  type: fc.string({ unit: 'binary' }).filter((type) => type !== 'InterestAccrued'),
  schemaVersion: fc.integer({ min: 1, max: 5 }),
  payload: anyValue,
});

/** An InterestAccrued event's content: that type always carries the domain's payload shape. */
const interestContent: fc.Arbitrary<EventContent> = fc.record({
  streamId: fc.nat().map((id) => `account-${id}`),
  version: fc.integer({ min: 1 }),
  type: fc.constant('InterestAccrued'),
  schemaVersion: fc.constant(1),
  payload: interestPayload,
});

const prevHash = fc.stringMatching(/^[0-9a-f]{64}$/);

describe('canonicalJson', () => {
  it('tells apart objects whose key lists join to the same text (the shape cache is checked)', () => {
    expect(canonicalJson({ '': 1 })).toBe('{"":1}');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ 'a\u0000b': 1 })).toBe('{"a\\u0000b":1}');
    expect(canonicalJson({ b: 2, a: 1 })).toBe('{"a":1,"b":2}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    expect(canonicalJson({ b: undefined, a: undefined })).toBe('{}');
  });

  it('writes what the reference writes, for any value', () => {
    fc.assert(
      fc.property(anyValue, (value) => canonicalJson(value) === referenceCanonicalJson(value)),
      {
        numRuns: 2000,
      },
    );
  });

  it('sorts keys, drops undefined members, writes bigints and dates as strings', () => {
    expect(canonicalJson({ b: 1n, a: [undefined, new Date(0)], c: undefined })).toBe(
      '{"a":[null,"1970-01-01T00:00:00.000Z"],"b":"1"}',
    );
  });
});

describe('eventHash', () => {
  const knownMetadata = {
    actor: { kind: 'job', id: 'daily-interest' },
    correlationId: 'interest-2030-01-02',
    causationId: null,
    idempotencyKey: null,
  };
  const known: HashedContent = {
    streamId: 'account-42',
    version: 7,
    type: 'InterestAccrued',
    schemaVersion: 1,
    payload: {
      accrualDate: '2030-01-02',
      balanceCents: '1234567',
      rateNumerator: 7,
      rateDenominator: 36500,
      exactOwedCents: '8642069/36500',
      creditedCents: '236',
      carryBefore: 100,
      carryAfter: 27069,
      balanceAfterCents: '1234803',
    },
    metadata: knownMetadata,
    occurredAt: new Date('2030-01-02T10:00:00.000Z'),
  };
  // computed once with the first implementation: stored chains must keep verifying
  const KNOWN_HASH = 'd26f4ac8c28a2ffc2d84a06e0d7cbdd14a3f607bb8cb069076972b6ad132c289';

  it('keeps the hash of a known event', () => {
    expect(eventHash('ab'.repeat(32), known)).toBe(KNOWN_HASH);
    expect(batchEventHasher(knownMetadata, known.occurredAt)('ab'.repeat(32), known)).toBe(KNOWN_HASH);
  });

  it('is the reference hash, for any content', () => {
    fc.assert(
      fc.property(
        prevHash,
        fc.oneof(anyContent, interestContent),
        metadata,
        fc.date({ noInvalidDate: true }),
        (prev, c, m, at) => {
          const full = { ...c, metadata: m, occurredAt: at };
          return eventHash(prev, full) === referenceEventHash(prev, full);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('batchEventHasher gives the same hashes as eventHash, interest payloads and any other', () => {
    fc.assert(
      fc.property(
        prevHash,
        fc.array(fc.oneof(anyContent, interestContent), { minLength: 1, maxLength: 5 }),
        metadata,
        fc.date({ noInvalidDate: true }),
        (prev, contents, m, at) => {
          const hasher = batchEventHasher(m, at);
          return contents.every((c) => {
            const full = { ...c, metadata: m, occurredAt: at };
            return hasher(prev, full) === referenceEventHash(prev, full);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('batchEventHasher hashes content with other metadata or time as eventHash does', () => {
    const hasher = batchEventHasher(knownMetadata, known.occurredAt);
    const otherMetadata = { ...known, metadata: { ...knownMetadata, correlationId: 'other' } };
    const otherTime = { ...known, occurredAt: new Date('2030-01-03T10:00:00.000Z') };
    for (const other of [otherMetadata, otherTime]) {
      expect(hasher('ab'.repeat(32), other)).toBe(referenceEventHash('ab'.repeat(32), other));
      expect(hasher('ab'.repeat(32), other)).not.toBe(KNOWN_HASH);
    }
  });
});

import fc from 'fast-check';
import { eventHash, GENESIS_HASH } from './event-hash';
import { firstHashMismatch, PageHashChecker, StoredContentHasher } from './hash-check';
import type { AuditedLogEvent } from './replay';

/** A timestamptz's binary value in hex, as the audited log page carries it. */
const hexOf = (date: Date) =>
  BigInt.asUintN(64, BigInt(date.getTime() - Date.UTC(2000, 0, 1)) * 1000n)
    .toString(16)
    .padStart(16, '0');

interface StoredEvent {
  seq: number;
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  occurredAt: Date;
  payload: unknown;
  metadata: unknown;
}

/** Events of one stream, chained and hashed as the append hashes them. */
function chained(events: Omit<StoredEvent, 'seq' | 'version'>[]): (StoredEvent & { hash: string; prevHash: string })[] {
  let prev = GENESIS_HASH;
  return events.map((event, i) => {
    const stored = { ...event, seq: i + 1, version: i + 1 };
    const hash = eventHash(prev, stored);
    const row = { ...stored, hash, prevHash: prev };
    prev = hash;
    return row;
  });
}

/** The replay's audited page text (jsonb text differs in spacing and key order: both are irrelevant). */
function pageOf(rows: (StoredEvent & { hash: string; prevHash: string })[]): string {
  return rows
    .map((r) =>
      [
        r.seq,
        r.streamId,
        r.type,
        r.schemaVersion,
        hexOf(r.occurredAt),
        r.version,
        r.hash,
        r.prevHash,
        JSON.stringify(r.metadata),
        JSON.stringify(r.payload),
      ].join('\t'),
    )
    .join('\n');
}

const metadata = { actor: { kind: 'admin', id: 7 }, correlationId: 'c-1', causationId: null, idempotencyKey: 'k' };
const at = new Date('2026-11-24T10:00:00.123Z');
const adjustments = chained(
  [1, 2, 3, 4].map((n) => ({
    streamId: 'account-42',
    type: 'BalanceAdjusted',
    schemaVersion: 1,
    occurredAt: at,
    payload: { operation: 'add', amountCents: String(n * 100), note: `n${n}`, balanceAfterCents: String(n * 100) },
    metadata,
  })),
);

describe('StoredContentHasher', () => {
  it('hashes content read back from jsonb exactly as eventHash hashed it when written', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.record({
          streamId: fc.string({ unit: 'binary' }),
          version: fc.integer({ min: 1 }),
          type: fc.string({ unit: 'binary' }),
          schemaVersion: fc.integer({ min: 1, max: 5 }),
          payload: fc.jsonValue(),
          metadata: fc.jsonValue(),
          occurredAt: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('2200-01-01') }),
        }),
        (prevHash, content) => {
          const row: AuditedLogEvent = {
            seq: '1',
            streamId: content.streamId,
            type: content.type,
            schemaVersion: content.schemaVersion,
            occurredAt: content.occurredAt,
            version: content.version,
            hash: '',
            prevHash,
            metadataText: JSON.stringify(content.metadata),
            payload: JSON.parse(JSON.stringify(content.payload)),
          };
          return new StoredContentHasher().hash(row) === eventHash(prevHash, content);
        },
      ),
      { numRuns: 500, seed: 20261124 },
    );
  });
});

describe('firstHashMismatch', () => {
  it('finds nothing in an untouched page', () => {
    expect(firstHashMismatch(pageOf(adjustments))).toBeNull();
  });

  it.each([
    ['an amount', (p: Record<string, unknown>) => ({ ...p, amountCents: '999' })],
    ['an added member', (p: Record<string, unknown>) => ({ ...p, extra: 1 })],
    ['a dropped member', ({ note: _note, ...rest }: Record<string, unknown>) => rest],
  ])('names the first event whose payload changed (%s)', (_what, change) => {
    const tampered = adjustments.map((row) =>
      row.seq === 3 ? { ...row, payload: change(row.payload as Record<string, unknown>) } : row,
    );
    expect(firstHashMismatch(pageOf(tampered))).toEqual({ seq: '3', streamId: 'account-42', version: 3 });
  });

  it('notices a changed time, metadata, type or version', () => {
    const changes = [
      (row: (typeof adjustments)[number]) => ({ ...row, occurredAt: new Date(row.occurredAt.getTime() + 1) }),
      (row: (typeof adjustments)[number]) => ({ ...row, metadata: { ...metadata, correlationId: 'c-2' } }),
      (row: (typeof adjustments)[number]) => ({ ...row, type: 'DepositConfirmed' }),
      (row: (typeof adjustments)[number]) => ({ ...row, version: 9 }),
    ];
    for (const change of changes) {
      const tampered = adjustments.map((row) => (row.seq === 2 ? change(row) : row));
      expect(firstHashMismatch(pageOf(tampered))?.seq).toBe('2');
    }
  });
});

describe('PageHashChecker', () => {
  it('answers the same on a worker thread as in this one', async () => {
    const tampered = pageOf(adjustments.map((row) => (row.seq === 4 ? { ...row, hash: GENESIS_HASH } : row)));
    for (const threads of [true, false]) {
      const checker = PageHashChecker.open({ threads });
      // npm test builds the libraries first, so the compiled worker is there
      expect(checker.threaded).toBe(threads);
      try {
        expect(await checker.check(pageOf(adjustments))).toBeNull();
        expect(await checker.check(tampered)).toEqual({ seq: '4', streamId: 'account-42', version: 4 });
        await expect(checker.check('not a log line')).rejects.toThrow('malformed');
      } finally {
        await checker.close();
      }
    }
  });
});

import {
  assignContentKeys,
  cleanText,
  contentKey,
  parseStatementAmount,
  parseStatementDate,
  periodOf,
  StatementFormatError,
  type StatementEntry,
} from './statement-entry';

/** The pieces every statement parser shares, given a field's text, then its value or null. */

type RawEntry = Omit<StatementEntry, 'key'> & { reference: string | null };
const entry = (overrides: Partial<RawEntry> = {}): RawEntry => ({
  bookingDate: '2026-11-20',
  amountCents: 150000n,
  currency: 'USD',
  direction: 'credit',
  booked: true,
  reversal: false,
  remittance: 'Deposit',
  counterpartyName: 'Amy',
  counterpartyIban: 'DE89370400440532013000',
  endToEndId: null,
  position: 'line 2',
  reference: null,
  ...overrides,
});

describe('parseStatementDate', () => {
  it('takes the date part of a date or date-time, around spaces', () => {
    expect(parseStatementDate(' 2026-11-20 ')).toBe('2026-11-20');
    expect(parseStatementDate('2026-11-20T10:00:00+01:00')).toBe('2026-11-20');
    expect(parseStatementDate('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses a date that does not exist (month, day or leap day) and one not at the start', () => {
    for (const text of [
      '2026-13-01',
      '2026-00-10',
      '2026-02-29',
      '2026-04-31',
      '2026-11-00',
      'x2026-11-20',
      '20261120',
    ]) {
      expect(parseStatementDate(text)).toBeNull();
    }
  });
});

describe('parseStatementAmount', () => {
  it('reads whole cents with up to 5 decimals, around spaces', () => {
    expect(parseStatementAmount(' 1000.5 ')).toBe(100050n);
    expect(parseStatementAmount('0.01000')).toBe(1n);
    expect(parseStatementAmount('1000000000000')).toBe(100_000_000_000_000n);
  });

  it('refuses zero, fractions of a cent and amounts above the ceiling', () => {
    for (const text of ['0', '0.00', '1.001', '1.000001', '1000000000000.01', '-1', '1,00']) {
      expect(parseStatementAmount(text)).toBeNull();
    }
  });
});

describe('content keys', () => {
  const base = entry();

  it('hash every field that tells two entries apart, scoped by the account', () => {
    const key = contentKey(null, base, 0);
    expect(key).toMatch(/^hash:[0-9a-f]{64}:0$/);
    const variants = [
      contentKey('CH9300762011623852957', base, 0),
      contentKey(null, { ...base, bookingDate: '2026-11-21' }, 0),
      contentKey(null, { ...base, bookingDate: null }, 0),
      contentKey(null, { ...base, amountCents: 150001n }, 0),
      contentKey(null, { ...base, currency: 'EUR' }, 0),
      contentKey(null, { ...base, direction: 'debit' }, 0),
      contentKey(null, { ...base, remittance: 'Deposit!' }, 0),
      contentKey(null, { ...base, counterpartyName: null }, 0),
      contentKey(null, { ...base, counterpartyName: 'Ann' }, 0),
      contentKey(null, { ...base, counterpartyIban: null }, 0),
      contentKey(null, { ...base, counterpartyIban: 'DE00' }, 0),
    ];
    expect(new Set([key, ...variants.map((v) => v.slice(0, -2))]).size).toBe(variants.length + 1);
    // fields are separated, so moving text from one field to the next changes the key
    expect(contentKey(null, { ...base, counterpartyName: 'ab', counterpartyIban: 'c' }, 0)).not.toBe(
      contentKey(null, { ...base, counterpartyName: 'a', counterpartyIban: 'bc' }, 0),
    );
    // an absent name hashes as an empty one (the CSV gives no way to tell them apart)
    expect(contentKey(null, { ...base, counterpartyName: null }, 0)).toBe(
      contentKey(null, { ...base, counterpartyName: '' }, 0),
    );
    expect(contentKey(null, base, 0)).toBe(contentKey('', base, 0));
    expect(contentKey(null, { ...base, bookingDate: null }, 0)).toBe(contentKey(null, { ...base, bookingDate: '' }, 0));
    expect(contentKey(null, { ...base, counterpartyIban: null }, 0)).toBe(
      contentKey(null, { ...base, counterpartyIban: '' }, 0),
    );
  });

  it('number identical entries of one file in order, and name referenced ones by account and reference', () => {
    const keys = assignContentKeys('CH93', [
      entry(),
      entry({ reference: 'R-1' }),
      entry(),
      entry({ remittance: 'other' }),
      entry(),
    ]).map((e) => e.key);
    expect(keys).toEqual([
      contentKey('CH93', entry(), 0),
      'ref:CH93:R-1',
      contentKey('CH93', entry(), 1),
      contentKey('CH93', entry({ remittance: 'other' }), 0),
      contentKey('CH93', entry(), 2),
    ]);
    expect(assignContentKeys(null, [entry({ reference: 'R-1' })])[0]).toEqual({
      ...entry(),
      key: 'ref::R-1',
      reference: undefined,
    });
  });
});

describe('periodOf', () => {
  it('runs from the first to the last booking date, whatever the order, ignoring entries without one', () => {
    const withDates = (...dates: (string | null)[]) =>
      assignContentKeys(
        null,
        dates.map((bookingDate, i) => entry({ bookingDate, remittance: String(i) })),
      );
    expect(periodOf(withDates('2026-11-20', null, '2026-11-02', '2026-11-30', '2026-11-10'))).toEqual({
      from: '2026-11-02',
      to: '2026-11-30',
    });
    expect(periodOf(withDates(null))).toEqual({ from: null, to: null });
    expect(periodOf([])).toEqual({ from: null, to: null });
  });
});

describe('cleanText', () => {
  it('turns control and direction characters into spaces, folds spaces and trims', () => {
    expect(cleanText(' a\u0000b\u001f\u007fc\u200e\u202ed\u2066e \t\n f ')).toBe('a b c d e f');
  });

  it('keeps up to max characters, cutting by characters so no emoji is split', () => {
    expect(cleanText('abcde', 5)).toBe('abcde');
    expect(cleanText('abcdef', 5)).toBe('abcde');
    expect(cleanText('😀😀😀', 2)).toBe('😀😀');
    expect(cleanText('x'.repeat(600))).toHaveLength(500);
    expect(cleanText('x'.repeat(500))).toHaveLength(500);
  });
});

describe('StatementFormatError', () => {
  it('is an Error named for what it is', () => {
    const error = new StatementFormatError('Line 2: bad');
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, message: error.message }).toEqual({
      name: 'StatementFormatError',
      message: 'Line 2: bad',
    });
  });
});

import { createHash } from 'node:crypto';
import { dateDays, LinesDigest, quotedText, SeqKeyedPageDigest, timestampHex, trimmedDecimal } from './read-model-text';

// The stored side's encodings against PostgreSQL itself: replay.int-spec.ts. Here: each encoder's
// own rules, value by value, so a changed rule fails in milliseconds.
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('quotedText (quote_nullable)', () => {
  it('writes NULL bare and plain text in quotes', () => {
    expect(quotedText(null)).toBe('NULL');
    expect(quotedText('')).toBe("''");
    expect(quotedText('bench')).toBe("'bench'");
  });

  it('doubles quotes, and doubles backslashes behind an E prefix', () => {
    expect(quotedText("it's")).toBe("'it''s'");
    expect(quotedText('a\\b')).toBe("E'a\\\\b'");
    expect(quotedText("a\\'b")).toBe("E'a\\\\''b'");
  });
});

describe('timestampHex (timestamptz_send in hex)', () => {
  it('counts microseconds from 2000-01-01 as sixteen hex digits', () => {
    expect(timestampHex(new Date('2000-01-01T00:00:00.000Z'))).toBe('0000000000000000');
    expect(timestampHex(new Date('2000-01-01T00:00:00.001Z'))).toBe('00000000000003e8');
    expect(timestampHex(new Date('2000-01-01T00:00:01.000Z'))).toBe('00000000000f4240');
  });

  it('writes a time before 2000 as the two-complement of its negative count', () => {
    expect(timestampHex(new Date('1999-12-31T23:59:59.999Z'))).toBe('fffffffffffffc18');
  });
});

describe('dateDays (date minus 2000-01-01)', () => {
  it('counts days from 2000-01-01 either way', () => {
    expect(dateDays('2000-01-01')).toBe('0');
    expect(dateDays('2000-01-02')).toBe('1');
    expect(dateDays('1999-12-31')).toBe('-1');
    expect(dateDays('2030-01-05')).toBe('10962');
  });

  it('quotes what PostgreSQL would not print as such a date, so the texts differ', () => {
    expect(dateDays('2030-1-5')).toBe("'2030-1-5'");
    expect(dateDays('2030-02-30')).toBe("'2030-02-30'");
    expect(dateDays('0999-01-01')).toBe("'0999-01-01'");
    expect(dateDays('2030-01-05x')).toBe("'2030-01-05x'");
    expect(dateDays('not a date')).toBe("'not a date'");
  });
});

describe('trimmedDecimal (trim_scale)', () => {
  it('drops trailing fractional zeros and a point left alone', () => {
    expect(trimmedDecimal('0.0700')).toBe('0.07');
    expect(trimmedDecimal('10.50')).toBe('10.5');
    expect(trimmedDecimal('7.000')).toBe('7');
    expect(trimmedDecimal('100.0')).toBe('100');
  });

  it('keeps integers (their zeros are not fractional) and other forms as they are', () => {
    expect(trimmedDecimal('70')).toBe('70');
    expect(trimmedDecimal('100')).toBe('100');
    expect(trimmedDecimal('1e-4')).toBe('1e-4');
  });
});

describe('LinesDigest', () => {
  it('is the SHA-256 of the lines joined by newlines, and of the empty text for none', () => {
    const digest = new LinesDigest();
    digest.line('a');
    digest.line('b');
    expect(digest.digest()).toBe(sha256('a\nb'));
    expect(new LinesDigest().digest()).toBe(sha256(''));
  });

  it('gives the same digest when its lines are fed in chunks', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${i}\t${'x'.repeat(i)}`);
    const digest = new LinesDigest();
    for (const line of lines) digest.line(line);
    expect(digest.digest()).toBe(sha256(lines.join('\n')));
  });
});

describe('SeqKeyedPageDigest', () => {
  const createdAt = new Date('2030-01-05T10:00:00.000Z');
  const time = timestampHex(createdAt);

  it('writes each table its own line of every column and starts a fresh page on take', () => {
    const page = new SeqKeyedPageDigest();
    page.add({
      table: 'deposits',
      op: 'insert',
      row: {
        id: '7',
        userId: '3',
        amountCents: '100000',
        referenceCode: 'RP3',
        status: 'confirmed',
        note: null,
        depositRequestId: null,
        createdAt,
        bankStatementLineId: '12',
      },
    });
    page.add({
      table: 'adminTransactions',
      op: 'insert',
      row: {
        id: '8',
        userId: '3',
        adminId: null,
        kind: 'adjustment',
        type: 'subtract',
        amountCents: '100',
        balanceBeforeCents: '100000',
        balanceAfterCents: '99900',
        note: "it's",
        createdAt,
      },
    });
    page.add({
      table: 'interestPayments',
      op: 'insert',
      row: {
        id: '9',
        userId: '3',
        accrualDate: '2030-01-05',
        balanceCents: '99900',
        interestRate: '0.0700',
        interestCents: '19',
        paymentDate: createdAt,
        status: 'paid',
      },
    });
    expect(page.take()).toEqual({
      deposits: sha256(`7\t3\t100000\t'RP3'\t'confirmed'\tNULL\tNULL\t${time}\t12`),
      adminTransactions: sha256(`8\t3\tNULL\t'adjustment'\t'subtract'\t100\t100000\t99900\t'it''s'\t${time}`),
      interestPayments: sha256(`9\t3\t10962\t99900\t0.07\t19\t${time}\t'paid'`),
    });
    expect(page.take()).toEqual({ deposits: sha256(''), adminTransactions: sha256(''), interestPayments: sha256('') });
  });

  it('encodes each row by its own values when consecutive rows differ', () => {
    const page = new SeqKeyedPageDigest();
    const later = new Date('2030-01-06T10:00:00.000Z');
    for (const [id, accrualDate, rate, paymentDate] of [
      ['1', '2030-01-05', '0.070', createdAt],
      ['2', '2030-01-06', '0.05', later],
      ['3', '2030-01-06', '0.05', later],
    ] as const) {
      page.add({
        table: 'interestPayments',
        op: 'insert',
        row: {
          id,
          userId: '4',
          accrualDate,
          balanceCents: '1',
          interestRate: rate,
          interestCents: '0',
          paymentDate,
          status: 'paid',
        },
      });
    }
    const lines = [
      `1\t4\t10962\t1\t0.07\t0\t${time}\t'paid'`,
      `2\t4\t10963\t1\t0.05\t0\t${timestampHex(later)}\t'paid'`,
      `3\t4\t10963\t1\t0.05\t0\t${timestampHex(later)}\t'paid'`,
    ];
    expect(page.take().interestPayments).toBe(sha256(lines.join('\n')));
  });
});

import { DomainError } from '@savings/domain';
import { statementCsv, statementFileName, interestCertificateFileName, STATEMENT_CSV_HEADER } from './statement-csv';
import {
  buildInterestCertificate,
  buildMonthlyStatement,
  describeMovement,
  formatCentsGrouped,
  summarizeMonths,
  type LedgerMovement,
} from './statement-figures';
import {
  localIso,
  monthStart,
  nextMonth,
  parseMonth,
  parseYear,
  previousMonth,
  statementMonthOf,
  wallMonthOf,
} from './statement-period';

const PERSON = { holderType: 'individual', legalName: null, registrationNumber: null, country: null } as const;

/** Each figure of statements and certificates at its edges (issue 24: pure code at the domain's bar). */

const holder = { userId: 1, name: 'Ann', email: 'ann@example.test', referenceCode: '22222222', ...PERSON };
const UTC = 'UTC';
const movement = (iso: string, cents: bigint, eventType = 'BalanceAdjusted', payload = {}): LedgerMovement => ({
  seq: iso,
  at: new Date(iso),
  eventType,
  payload,
  amountCents: cents,
});

describe('describeMovement', () => {
  it('deposits: with or without a request, with a note or without one', () => {
    expect(describeMovement('DepositConfirmed', { depositRequestId: null, note: null })).toEqual({
      type: 'deposit',
      description: 'Deposit',
    });
    expect(describeMovement('DepositConfirmed', {})).toEqual({ type: 'deposit', description: 'Deposit' });
    expect(describeMovement('DepositConfirmed', { depositRequestId: 0, note: 'wire' })).toEqual({
      type: 'deposit',
      description: 'Deposit (request #0): wire',
    });
    expect(describeMovement('DepositConfirmed', { depositRequestId: null, note: '' }).description).toBe('Deposit');
    expect(describeMovement('DepositConfirmed', { depositRequestId: null, note: 5 }).description).toBe('Deposit');
  });

  it('withdrawals, adjustments and interest', () => {
    expect(describeMovement('WithdrawalApproved', { withdrawalId: 12 })).toEqual({
      type: 'withdrawal',
      description: 'Withdrawal #12',
    });
    expect(describeMovement('BalanceAdjusted', { note: 'fee refund' })).toEqual({
      type: 'adjustment',
      description: 'Balance adjustment: fee refund',
    });
    expect(describeMovement('BalanceAdjusted', { note: null })).toEqual({
      type: 'adjustment',
      description: 'Balance adjustment',
    });
    expect(describeMovement('InterestAccrued', { accrualDate: '2030-01-02' })).toEqual({
      type: 'interest',
      description: 'Interest for 2030-01-02 (7% a year)',
    });
  });
});

describe('buildMonthlyStatement', () => {
  it('folds the lines from the opening, counts credits and debits apart, and copies the period', () => {
    const from = new Date('2030-01-01T00:00:00Z');
    const to = new Date('2030-02-01T00:00:00Z');
    const generatedAt = new Date('2030-02-02T00:00:00Z');
    const statement = buildMonthlyStatement({
      holder,
      month: '2030-01',
      timeZone: UTC,
      from,
      to,
      current: true,
      openingCents: 1000n,
      movements: [
        movement('2030-01-02T10:00:00Z', 500n, 'DepositConfirmed', { depositRequestId: null }),
        movement('2030-01-03T10:00:00Z', -200n, 'WithdrawalApproved', { withdrawalId: 4 }),
        movement('2030-01-04T10:00:00Z', 0n),
      ],
      generatedAt,
    });
    expect(statement).toEqual({
      holder,
      month: '2030-01',
      timeZone: UTC,
      from,
      to,
      current: true,
      openingCents: 1000n,
      closingCents: 1300n,
      creditsCents: 500n,
      debitsCents: 200n,
      lines: [
        {
          seq: '2030-01-02T10:00:00Z',
          at: new Date('2030-01-02T10:00:00Z'),
          type: 'deposit',
          description: 'Deposit',
          amountCents: 500n,
          balanceAfterCents: 1500n,
        },
        {
          seq: '2030-01-03T10:00:00Z',
          at: new Date('2030-01-03T10:00:00Z'),
          type: 'withdrawal',
          description: 'Withdrawal #4',
          amountCents: -200n,
          balanceAfterCents: 1300n,
        },
        {
          seq: '2030-01-04T10:00:00Z',
          at: new Date('2030-01-04T10:00:00Z'),
          type: 'adjustment',
          description: 'Balance adjustment',
          amountCents: 0n,
          balanceAfterCents: 1300n,
        },
      ],
      generatedAt,
    });
    expect(statementCsv(statement)).toBe(
      'date,type,description,amount,balance_after\r\n' +
        '2030-01-01T00:00:00+00:00,opening,Opening balance,,10.00\r\n' +
        '2030-01-02T10:00:00+00:00,deposit,Deposit,5.00,15.00\r\n' +
        '2030-01-03T10:00:00+00:00,withdrawal,Withdrawal #4,-2.00,13.00\r\n' +
        '2030-01-04T10:00:00+00:00,adjustment,Balance adjustment,0.00,13.00\r\n' +
        '2030-02-01T00:00:00+00:00,closing,Closing balance (month to date),,13.00\r\n',
    );
  });

  it('names the files and the CSV columns', () => {
    expect(STATEMENT_CSV_HEADER).toEqual(['date', 'type', 'description', 'amount', 'balance_after']);
    expect(statementFileName('2030-01', 'csv')).toBe('statement-2030-01.csv');
    expect(statementFileName('2030-01', 'pdf')).toBe('statement-2030-01.pdf');
    expect(interestCertificateFileName(2030)).toBe('interest-certificate-2030.pdf');
  });
});

describe('summarizeMonths', () => {
  it('counts movements before the first month into the opening and ignores those after the last', () => {
    const months = summarizeMonths(
      [
        movement('2029-12-31T10:00:00Z', 700n),
        movement('2030-01-05T10:00:00Z', 100n),
        movement('2030-01-06T10:00:00Z', -40n),
        movement('2030-01-07T10:00:00Z', 0n),
        movement('2030-02-05T10:00:00Z', 9999n),
      ],
      '2030-01',
      '2030-01',
      UTC,
    );
    expect(months).toEqual([
      { month: '2030-01', openingCents: 700n, closingCents: 760n, creditsCents: 100n, debitsCents: 40n },
    ]);
  });
});

describe('buildInterestCertificate', () => {
  it('sums interest per month and in total; other movements only move the closing', () => {
    const from = new Date('2030-01-01T00:00:00Z');
    const to = new Date('2031-01-01T00:00:00Z');
    const certificate = buildInterestCertificate({
      holder,
      year: 2030,
      timeZone: UTC,
      from,
      to,
      current: false,
      months: ['2030-01', '2030-02'],
      openingCents: 100000n,
      movements: [
        movement('2030-01-01T10:00:00Z', 19n, 'InterestAccrued'),
        movement('2030-01-02T10:00:00Z', 20n, 'InterestAccrued'),
        movement('2030-01-03T10:00:00Z', 5000n, 'DepositConfirmed'),
        movement('2030-02-01T10:00:00Z', 21n, 'InterestAccrued'),
        // a month the account did not exist in (not listed) is left out of the months, not of the closing
        movement('2030-03-01T10:00:00Z', 22n, 'InterestAccrued'),
      ],
      generatedAt: to,
    });
    expect(certificate).toEqual({
      holder,
      year: 2030,
      timeZone: UTC,
      from,
      to,
      current: false,
      openingCents: 100000n,
      closingCents: 105082n,
      months: [
        { month: '2030-01', interestCents: 39n, credits: 2 },
        { month: '2030-02', interestCents: 21n, credits: 1 },
      ],
      totalInterestCents: 60n,
      generatedAt: to,
    });
  });
});

describe('formatCentsGrouped', () => {
  it('groups thousands and keeps two decimals and the sign', () => {
    expect(formatCentsGrouped(0n)).toBe('0.00');
    expect(formatCentsGrouped(99999n)).toBe('999.99');
    expect(formatCentsGrouped(100000n)).toBe('1,000.00');
    expect(formatCentsGrouped(-123456789n)).toBe('-1,234,567.89');
  });
});

describe('statement periods', () => {
  it('parses months and years, refusing the rest', () => {
    expect(parseMonth('2030-12')).toBe('2030-12');
    expect(parseMonth('2030-01')).toBe('2030-01');
    expect(() => parseMonth('2030-12 ')).toThrow(DomainError);
    expect(() => parseMonth('x2030-12')).toThrow(DomainError);
    try {
      parseMonth('2030-13');
    } catch (error) {
      expect(error).toMatchObject({ code: 'STATEMENT.INVALID_MONTH', kind: 'invalid' });
    }
    expect(parseYear('2030')).toBe(2030);
    expect(parseYear('1970')).toBe(1970);
    for (const bad of ['1969', '203', '20300', 'x030', ' 2030'])
      expect(() => parseYear(bad)).toThrow('Year must be written YYYY');
    try {
      parseYear('1969');
    } catch (error) {
      expect(error).toMatchObject({ code: 'STATEMENT.INVALID_YEAR', kind: 'invalid' });
    }
  });

  it('steps months across year ends', () => {
    expect(nextMonth('2030-12')).toBe('2031-01');
    expect(nextMonth('2030-09')).toBe('2030-10');
    expect(nextMonth('2030-01')).toBe('2030-02');
    expect(previousMonth('2030-01')).toBe('2029-12');
    expect(previousMonth('2030-10')).toBe('2030-09');
    expect(previousMonth('2030-12')).toBe('2030-11');
  });

  it('gives the same month start twice (cached) and the wall month of an instant', () => {
    expect(monthStart('2030-07', 'Asia/Kolkata').toISOString()).toBe('2030-06-30T18:30:00.000Z');
    expect(monthStart('2030-07', 'Asia/Kolkata').toISOString()).toBe('2030-06-30T18:30:00.000Z');
    expect(monthStart('2030-07', UTC).toISOString()).toBe('2030-07-01T00:00:00.000Z');
    expect(wallMonthOf(new Date('2030-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2030-07');
    expect(statementMonthOf(new Date('2030-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2030-06');
    expect(statementMonthOf(new Date('2030-06-30T18:31:00Z'), 'Asia/Kolkata')).toBe('2030-07');
  });

  it('writes local times with their offset, half hours and negative ones included', () => {
    expect(localIso(new Date('2030-01-15T12:34:56Z'), UTC)).toBe('2030-01-15T12:34:56+00:00');
    expect(localIso(new Date('2030-01-15T12:34:56Z'), 'Asia/Kolkata')).toBe('2030-01-15T18:04:56+05:30');
    expect(localIso(new Date('2030-01-15T12:34:56Z'), 'America/St_Johns')).toBe('2030-01-15T09:04:56-03:30');
    expect(localIso(new Date('2030-01-15T12:34:56Z'), 'Asia/Kathmandu')).toBe('2030-01-15T18:19:56+05:45');
    expect(localIso(new Date('2030-01-15T12:34:56.999Z'), 'Pacific/Honolulu')).toBe('2030-01-15T02:34:56-10:00');
    expect(localIso(new Date('2030-01-15T12:00:00Z'), 'Pacific/Kiritimati')).toBe('2030-01-16T02:00:00+14:00');
  });
});

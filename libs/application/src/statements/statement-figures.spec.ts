import { buildMonthlyStatement, describeMovement, formatCentsGrouped, summarizeMonths } from './statement-figures';
import { statementCsv } from './statement-csv';
import { localIso, monthStart, monthsBetween, parseMonth, statementMonthOf } from './statement-period';

const PERSON = { holderType: 'individual', legalName: null, registrationNumber: null, country: null } as const;

const ZONE = 'America/New_York';
const holder = { userId: 1, name: 'Test', email: 't@example.test', referenceCode: 'REF', ...PERSON };

describe('statement periods in a time zone', () => {
  it('starts a month at local midnight, with the offset of that day (summer time included)', () => {
    expect(monthStart('2026-03', ZONE).toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(monthStart('2026-04', ZONE).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(localIso(new Date('2026-04-01T04:00:00Z'), ZONE)).toBe('2026-04-01T00:00:00-04:00');
  });

  it('puts an event exactly at a month’s first instant in the month before (the balance as of it includes it)', () => {
    expect(statementMonthOf(new Date('2026-02-01T05:00:00.000Z'), ZONE)).toBe('2026-01');
    expect(statementMonthOf(new Date('2026-02-01T05:00:00.001Z'), ZONE)).toBe('2026-02');
    // late on January 31 locally is February in UTC
    expect(statementMonthOf(new Date('2026-02-01T04:30:00Z'), ZONE)).toBe('2026-01');
  });

  it('lists months across a year end and refuses malformed months', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    for (const bad of ['2026-00', '2026-13', '26-01', '2026-1']) expect(() => parseMonth(bad)).toThrow('YYYY-MM');
  });
});

describe('statement figures', () => {
  const movement = (iso: string, cents: bigint, eventType = 'BalanceAdjusted', payload = {}) => ({
    seq: iso,
    at: new Date(iso),
    eventType,
    payload,
    amountCents: cents,
  });

  it('carries the balance over months without movements; each closing is the next opening', () => {
    const months = summarizeMonths(
      [movement('2026-01-10T12:00:00Z', 100000n), movement('2026-03-05T12:00:00Z', -2550n)],
      '2026-01',
      '2026-04',
      ZONE,
    );
    expect(months.map((m) => [m.month, m.openingCents, m.closingCents, m.creditsCents, m.debitsCents])).toEqual([
      ['2026-01', 0n, 100000n, 100000n, 0n],
      ['2026-02', 100000n, 100000n, 0n, 0n],
      ['2026-03', 100000n, 97450n, 0n, 2550n],
      ['2026-04', 97450n, 97450n, 0n, 0n],
    ]);
  });

  it('gives every line the balance after it, exactly, and writes the CSV with inert text', () => {
    const statement = buildMonthlyStatement({
      holder,
      month: '2026-03',
      timeZone: ZONE,
      from: monthStart('2026-03', ZONE),
      to: monthStart('2026-04', ZONE),
      current: false,
      openingCents: 10n,
      movements: [
        movement('2026-03-02T15:00:00Z', 19n, 'InterestAccrued', { accrualDate: '2026-03-02' }),
        movement('2026-03-03T15:00:00Z', -29n, 'BalanceAdjusted', { note: '=HYPERLINK("x")' }),
      ],
      generatedAt: new Date('2026-04-02T00:00:00Z'),
    });
    expect(statement.lines.map((l) => l.balanceAfterCents)).toEqual([29n, 0n]);
    expect(statement.closingCents).toBe(0n);
    expect(statementCsv(statement).split('\r\n')).toEqual([
      'date,type,description,amount,balance_after',
      '2026-03-01T00:00:00-05:00,opening,Opening balance,,0.10',
      '2026-03-02T10:00:00-05:00,interest,Interest for 2026-03-02 (7% a year),0.19,0.29',
      '2026-03-03T10:00:00-05:00,adjustment,"Balance adjustment: =HYPERLINK(""x"")",-0.29,0.00',
      '2026-04-01T00:00:00-04:00,closing,Closing balance,,0.00',
      '',
    ]);
  });

  it('describes each kind of movement and groups thousands exactly', () => {
    expect(describeMovement('DepositConfirmed', { depositRequestId: 7, note: null })).toEqual({
      type: 'deposit',
      description: 'Deposit (request #7)',
    });
    expect(describeMovement('WithdrawalApproved', { withdrawalId: 3 }).description).toBe('Withdrawal #3');
    expect(describeMovement('SomethingNew', {})).toEqual({ type: 'other', description: 'SomethingNew' });
    expect(formatCentsGrouped(123456789012n)).toBe('1,234,567,890.12');
    expect(formatCentsGrouped(-5n)).toBe('-0.05');
  });
});

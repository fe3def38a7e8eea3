import fc from 'fast-check';
import { accrueDailyInterest, DAILY_RATE_DENOMINATOR, DAILY_RATE_NUMERATOR } from './interest';
import { localDateOf, localTimeToInstant } from './accrual-instant';

describe('daily interest with carry', () => {
  it('credits 19 cents on $1,000 and carries 6500/36500', () => {
    expect(accrueDailyInterest(100000n, 0)).toEqual({
      numerator: 700000n,
      creditedCents: 19n,
      carryBefore: 0,
      carryAfter: 6500,
    });
  });

  it('over 10 years of daily accruals on random balances credits the exact total within one cent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 100_000_000_000_00n }),
        fc.integer({ min: 1, max: 2 ** 31 - 2 }),
        fc.bigInt({ min: 0n, max: 50_000_00n }),
        (start, seed, swing) => {
          // 3650 daily balance changes in [-swing, swing], from a seeded generator (fast to produce)
          let state = seed;
          const changes = Array.from({ length: 3650 }, () => {
            state = (state * 48271) % 2147483647;
            return swing === 0n ? 0n : (BigInt(state) % (2n * swing + 1n)) - swing;
          });
          let balance = start;
          let carry = 0;
          let credited = 0n;
          let exactNumerator = 0n; // exact total owed, in cents * 36500
          for (const change of changes) {
            balance = balance + change < 0n ? 0n : balance + change;
            exactNumerator += balance * DAILY_RATE_NUMERATOR;
            const accrual = accrueDailyInterest(balance, carry);
            credited += accrual.creditedCents;
            balance += accrual.creditedCents;
            carry = accrual.carryAfter;
            if (carry < 0 || carry >= Number(DAILY_RATE_DENOMINATOR)) throw new Error(`carry out of range: ${carry}`);
          }
          // nothing created or lost: credited + remainder is exactly the exact total
          expect(credited * DAILY_RATE_DENOMINATOR + BigInt(carry)).toBe(exactNumerator);
          // so the credited total is within one cent of the exact total
          expect(exactNumerator - credited * DAILY_RATE_DENOMINATOR).toBeLessThan(DAILY_RATE_DENOMINATOR);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('accrual instant', () => {
  it('is 10:00 of the date in the platform time zone, across DST', () => {
    expect(localTimeToInstant('2030-01-01', '10:00', 'UTC').toISOString()).toBe('2030-01-01T10:00:00.000Z');
    expect(localTimeToInstant('2030-01-15', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-01-15T09:00:00.000Z');
    expect(localTimeToInstant('2030-07-15', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-07-15T08:00:00.000Z');
    expect(localTimeToInstant('2030-03-31', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-03-31T08:00:00.000Z');
    expect(localTimeToInstant('2030-06-01', '10:00', 'America/New_York').toISOString()).toBe(
      '2030-06-01T14:00:00.000Z',
    );
    expect(localDateOf(new Date('2030-06-01T02:00:00Z'), 'America/New_York')).toBe('2030-05-31');
  });
});

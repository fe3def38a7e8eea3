import {
  businessDaysBefore,
  matchEntries,
  payoutIdsIn,
  referenceCodesIn,
  type MatchingFacts,
} from './statement-matching';
import type { StatementEntry } from './statement-entry';

const line = (overrides: Partial<StatementEntry>): StatementEntry => ({
  key: 'k',
  bookingDate: '2026-11-20',
  amountCents: 150000n,
  currency: 'USD',
  direction: 'credit',
  booked: true,
  reversal: false,
  remittance: '',
  counterpartyName: null,
  counterpartyIban: null,
  endToEndId: null,
  position: 'Ntry 1',
  ...overrides,
});

const facts: MatchingFacts = {
  customersByCode: new Map([
    ['AMY2345C', 1],
    ['BEN34565', 2],
  ]),
  pendingRequests: new Map([[1, [{ id: 10, amountCents: 150000n }]]]),
  payoutItems: new Map([
    [7, { withdrawalId: 7, userId: 2, amountCents: 100000n, alreadyMatched: false }],
    [8, { withdrawalId: 8, userId: 2, amountCents: 100000n, alreadyMatched: true }],
  ]),
};

describe('reference codes in remittance text', () => {
  it('ignores spaces, hyphens and case; verifies the check character', () => {
    expect(referenceCodesIn('Deposit amy2-345c thanks').valid).toEqual(['AMY2345C']);
    expect(referenceCodesIn('AMY 2345 C').valid).toEqual(['AMY2345C']);
    expect(referenceCodesIn('ref: a-m-y-2-3-4-5-c').valid).toEqual(['AMY2345C']);
    expect(referenceCodesIn('AMY2345D')).toEqual({ valid: [], failedCheck: ['AMY2345D'] });
    expect(referenceCodesIn('Invoice 2026/11')).toEqual({ valid: [], failedCheck: [] });
    // other punctuation ends a run: the two halves are not one code
    expect(referenceCodesIn('AMY2/345C').valid).toEqual([]);
  });

  it('finds payout end-to-end ids', () => {
    expect(payoutIdsIn({ endToEndId: 'WITHDRAWAL-12', remittance: '' })).toEqual([12]);
    expect(payoutIdsIn({ endToEndId: null, remittance: 'payout withdrawal 12 / WITHDRAWAL-12' })).toEqual([12]);
    expect(payoutIdsIn({ endToEndId: null, remittance: 'WITHDRAWAL-99999999999' })).toEqual([]);
  });
});

describe('matching', () => {
  it('a code and a pending request of the same amount suggest confirming the request, once', () => {
    const [first, second] = matchEntries(
      [line({ remittance: 'amy2-345c' }), line({ key: 'k2', remittance: 'AMY2345C' })],
      facts,
    );
    expect(first).toEqual({ status: 'suggested', userId: 1, depositRequestId: 10, withdrawalId: null, reason: null });
    expect(second).toEqual({
      status: 'suggested',
      userId: 1,
      depositRequestId: null,
      withdrawalId: null,
      reason: null,
    });
  });

  it('a code without a request of that amount suggests a direct deposit', () => {
    expect(matchEntries([line({ remittance: 'BEN3 4565', amountCents: 99n })], facts)[0]).toMatchObject({
      status: 'suggested',
      userId: 2,
      depositRequestId: null,
    });
  });

  it('gives every unmatched line a reason', () => {
    const reasons = matchEntries(
      [
        line({ remittance: 'AMY2345D' }),
        line({ remittance: 'nothing here' }),
        line({ remittance: 'CAT45672' }),
        line({ remittance: 'AMY2345C', currency: 'EUR' }),
        line({ remittance: 'AMY2345C', booked: false }),
        line({ remittance: 'AMY2345C', reversal: true }),
        line({ remittance: 'AMY2345C BEN34565' }),
      ],
      facts,
    ).map((match) => [match.status, match.reason]);
    expect(reasons).toEqual([
      ['unmatched', 'reference check failed'],
      ['unmatched', 'no reference code in the remittance'],
      ['unmatched', 'unknown reference code CAT45672'],
      ['unmatched', 'currency EUR is not USD'],
      ['unmatched', 'not booked by the bank (pending or information only)'],
      ['unmatched', 'reversal of an earlier entry'],
      ['unmatched', 'reference codes of several customers'],
    ]);
  });

  it('matches debits to paid payout items by end-to-end id, once each, of the same amount', () => {
    const matches = matchEntries(
      [
        line({ direction: 'debit', amountCents: 100000n, endToEndId: 'WITHDRAWAL-7' }),
        line({ direction: 'debit', amountCents: 100000n, remittance: 'WITHDRAWAL-7' }),
        line({ direction: 'debit', amountCents: 100000n, remittance: 'WITHDRAWAL-8' }),
        line({ direction: 'debit', amountCents: 100001n, remittance: 'WITHDRAWAL-7' }),
        line({ direction: 'debit', amountCents: 100000n, remittance: 'WITHDRAWAL-9' }),
        line({ direction: 'debit', amountCents: 100000n, remittance: 'fees' }),
      ],
      facts,
    );
    expect(matches[0]).toEqual({
      status: 'paid-out',
      userId: 2,
      depositRequestId: null,
      withdrawalId: 7,
      reason: null,
    });
    expect(matches.slice(1).map((match) => match.reason)).toEqual([
      'payout item WITHDRAWAL-7 is already matched to another debit',
      'payout item WITHDRAWAL-8 is already matched to another debit',
      'payout item WITHDRAWAL-7 is already matched to another debit',
      'no paid payout item WITHDRAWAL-9',
      'no payout end-to-end id (WITHDRAWAL-<id>)',
    ]);
  });

  it('counts 5 business days back, skipping weekends', () => {
    expect(businessDaysBefore(new Date('2026-11-24T10:00:00Z'), 5)).toBe('2026-11-17'); // Tuesday -> Tuesday
    expect(businessDaysBefore(new Date('2026-11-23T10:00:00Z'), 5)).toBe('2026-11-16'); // Monday -> Monday
    expect(businessDaysBefore(new Date('2026-11-22T10:00:00Z'), 5)).toBe('2026-11-16'); // Sunday
  });
});

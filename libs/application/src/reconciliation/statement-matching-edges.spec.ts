import { matchEntries, payoutIdsIn, referenceCodesIn, type MatchingFacts } from './statement-matching';
import type { StatementEntry } from './statement-entry';

/**
 * Matching at its edges: given a remittance or an entry, when it is read or matched, then the codes
 * and ids it names, and the reason an entry is left unmatched, word for word.
 */

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
  pendingRequests: new Map(),
  payoutItems: new Map([[7, { withdrawalId: 7, userId: 2, amountCents: 100000n, alreadyMatched: false }]]),
};

describe('reference codes at their edges', () => {
  it('joins neighbouring words across several spaces, tabs and hyphens, and finds a code at the end', () => {
    expect(referenceCodesIn('thanks --  AMY\t2345 -- c').valid).toEqual(['AMY2345C']);
    expect(referenceCodesIn('from Amy: AMY2345C').valid).toEqual(['AMY2345C']);
  });

  it('takes a run of exactly 8 characters only, not a longer word or a run that overshoots', () => {
    expect(referenceCodesIn('AMY2345CX')).toEqual({ valid: [], failedCheck: [] });
    expect(referenceCodesIn('AMY2 345CX')).toEqual({ valid: [], failedCheck: [] });
    expect(referenceCodesIn('AMY2345')).toEqual({ valid: [], failedCheck: [] });
  });

  it('refuses a candidate with a character outside the alphabet (0, O, 1, I, L, U, S) without calling it a failed check', () => {
    expect(referenceCodesIn('AMY2345O')).toEqual({ valid: [], failedCheck: [] });
    expect(referenceCodesIn('SAMY2345')).toEqual({ valid: [], failedCheck: [] });
  });

  it('finds every code in the text once, and failed checks apart', () => {
    expect(referenceCodesIn('AMY2345C and BEN34565, again amy2345c; AMY2345D')).toEqual({
      valid: ['AMY2345C', 'BEN34565'],
      failedCheck: ['AMY2345D'],
    });
  });
});

describe('payout ids at their edges', () => {
  it('reads WITHDRAWAL with a hyphen, a space or nothing before the id, in any case', () => {
    expect(payoutIdsIn({ endToEndId: 'withdrawal7', remittance: 'WITHDRAWAL 8 Withdrawal-9' })).toEqual([7, 8, 9]);
  });

  it('needs a word boundary on both sides', () => {
    expect(payoutIdsIn({ endToEndId: 'XWITHDRAWAL-7', remittance: 'WITHDRAWAL-7X' })).toEqual([]);
    expect(payoutIdsIn({ endToEndId: 'WITHDRAWAL--7', remittance: 'WITHDRAWAL_7' })).toEqual([]);
  });

  it('takes ids from 1 up to the largest database integer', () => {
    expect(payoutIdsIn({ endToEndId: 'WITHDRAWAL-0', remittance: '' })).toEqual([]);
    expect(payoutIdsIn({ endToEndId: 'WITHDRAWAL-1', remittance: 'WITHDRAWAL-2147483647' })).toEqual([1, 2147483647]);
    expect(payoutIdsIn({ endToEndId: 'WITHDRAWAL-2147483648', remittance: '' })).toEqual([]);
  });
});

describe('unmatched entries name their reason', () => {
  const reasonOf = (entry: StatementEntry) => matchEntries([entry], facts)[0];

  it('a code nobody holds, or several customers codes', () => {
    expect(reasonOf(line({ remittance: 'AMY2345C' }))).toEqual({
      status: 'suggested',
      userId: 1,
      depositRequestId: null,
      withdrawalId: null,
      reason: null,
    });
    const unknown = referenceCodesIn('22222222').valid;
    expect(unknown).toHaveLength(1);
    expect(reasonOf(line({ remittance: '22222222' }))).toEqual({
      status: 'unmatched',
      userId: null,
      depositRequestId: null,
      withdrawalId: null,
      reason: `unknown reference code ${unknown[0]}`,
    });
    expect(reasonOf(line({ remittance: 'AMY2345C BEN34565' })).reason).toBe('reference codes of several customers');
  });

  it('a debit naming no payout item, several, or one that was never paid', () => {
    const debit = (remittance: string) => line({ direction: 'debit', amountCents: 100000n, remittance });
    expect(reasonOf(debit('payout')).reason).toBe('no payout end-to-end id (WITHDRAWAL-<id>)');
    expect(reasonOf(debit('WITHDRAWAL-7 WITHDRAWAL-9')).reason).toBe('names several payout items');
    expect(reasonOf(debit('WITHDRAWAL-9')).reason).toBe('no paid payout item WITHDRAWAL-9');
    expect(reasonOf(debit('WITHDRAWAL-7'))).toEqual({
      status: 'paid-out',
      userId: 2,
      depositRequestId: null,
      withdrawalId: 7,
      reason: null,
    });
  });
});

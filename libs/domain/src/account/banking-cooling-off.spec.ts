import { activeCoolingOffEnd, bankingCoolingOffEnd } from './banking-cooling-off';

/** Withdrawals after a change of banking details wait for approval for BANKING_COOLDOWN_HOURS (section 14). */
describe('banking cooling-off', () => {
  const changedAt = new Date('2026-11-20T09:30:00.000Z');

  it('ends the given hours after the change', () => {
    expect(bankingCoolingOffEnd(changedAt, 48)).toEqual(new Date('2026-11-22T09:30:00.000Z'));
    expect(bankingCoolingOffEnd(changedAt, 1)).toEqual(new Date('2026-11-20T10:30:00.000Z'));
  });

  it('starts none without a change (the first save of banking details) or with a wait of zero hours', () => {
    expect(bankingCoolingOffEnd(null, 48)).toBeNull();
    expect(bankingCoolingOffEnd(changedAt, 0)).toBeNull();
    expect(bankingCoolingOffEnd(changedAt, -1)).toBeNull();
  });

  it('is active while its end is ahead of now, and over from the instant it ends', () => {
    const end = new Date('2026-11-22T09:30:00.000Z');
    expect(activeCoolingOffEnd(changedAt, 48, changedAt)).toEqual(end);
    expect(activeCoolingOffEnd(changedAt, 48, new Date(end.getTime() - 1))).toEqual(end);
    expect(activeCoolingOffEnd(changedAt, 48, end)).toBeNull();
    expect(activeCoolingOffEnd(changedAt, 48, new Date(end.getTime() + 1))).toBeNull();
  });

  it('is never active without a change', () => {
    expect(activeCoolingOffEnd(null, 48, changedAt)).toBeNull();
    expect(activeCoolingOffEnd(changedAt, 0, changedAt)).toBeNull();
  });
});

import { isAccountEvent, type LedgerEvent } from './account-events';

describe('isAccountEvent', () => {
  it('tells account events from approval events', () => {
    expect(isAccountEvent({ type: 'DepositConfirmed', data: {} } as unknown as LedgerEvent)).toBe(true);
    expect(isAccountEvent({ type: 'ApprovalRequested', data: {} } as unknown as LedgerEvent)).toBe(false);
  });

  it('takes no inherited name for an event type (a hostile log line)', () => {
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(isAccountEvent({ type, data: {} } as unknown as LedgerEvent)).toBe(false);
    }
  });
});

import { approvalStreamIdOf } from './approval-events';

describe('approval streams', () => {
  it('are named approval-<id>, apart from account streams (the ledger and verify find them by it)', () => {
    expect(approvalStreamIdOf(42)).toBe('approval-42');
    expect(approvalStreamIdOf('7')).toBe('approval-7');
  });
});

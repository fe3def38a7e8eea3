import { formatCountdown, msUntilNextCredit } from './countdown';

describe('countdown arithmetic', () => {
  const next = '2026-11-22T10:00:00.000Z';

  it('counts down to the instant from the API', () => {
    expect(formatCountdown(msUntilNextCredit(next, Date.parse('2026-11-22T08:30:15Z')))).toBe('01:29:45');
  });

  it('rolls to the next day once the credit time has passed', () => {
    expect(formatCountdown(msUntilNextCredit(next, Date.parse('2026-11-22T10:00:00Z')))).toBe('00:00:00');
    expect(formatCountdown(msUntilNextCredit(next, Date.parse('2026-11-22T10:00:01Z')))).toBe('23:59:59');
    expect(formatCountdown(msUntilNextCredit(next, Date.parse('2026-11-24T09:00:00Z')))).toBe('01:00:00');
  });
});

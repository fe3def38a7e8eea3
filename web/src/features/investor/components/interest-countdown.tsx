import { Card, Text } from '@chakra-ui/react';
import { DAILY_INTEREST_PERCENT_TEXT, DAILY_INTEREST_RATE_DISPLAY, formatUsd } from '@savings/contracts';
import { useEffect, useState } from 'react';
import { formatCountdown, msUntilNextCredit } from '../utils/countdown';

const CREDIT_SETTLE_MS = 60_000;

/** Ticks once a second toward `nextInterestAt` (an instant from the API), rolling a day once it passes. */
export function InterestCountdown({
  nextInterestAt,
  balance,
  onCredited,
}: {
  nextInterestAt: string;
  balance: number;
  /** Called a little after the credit time, so the screen can reload the new balance. */
  onCredited?: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const delay = Date.parse(nextInterestAt) - Date.now();
    if (!onCredited || !(delay > 0)) return;
    // the job needs a moment to credit every account
    const timer = setTimeout(onCredited, delay + CREDIT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [nextInterestAt, onCredited]);
  const remaining = formatCountdown(msUntilNextCredit(nextInterestAt, now));
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          Next interest credit in
        </Text>
        <Text textStyle="3xl" fontWeight="bold" fontFamily="mono" data-testid="interest-countdown" role="timer">
          {remaining}
        </Text>
        <Text textStyle="sm">
          Expected amount: <strong>{formatUsd(balance * DAILY_INTEREST_RATE_DISPLAY)}</strong> (daily rate{' '}
          {DAILY_INTEREST_PERCENT_TEXT}), credited daily at 10:00 AM
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

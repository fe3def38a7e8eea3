import { Button, Card, Field, Heading, HStack, Input, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import { useState } from 'react';
import { useBalanceAt } from '../api/audit-api';

/** An account's balance at any instant, from the log (as `ledger balance --as-of`). */
export function BalanceAt() {
  const [userId, setUserId] = useState('');
  const [asOf, setAsOf] = useState('');
  const [request, setRequest] = useState<{ userId: number; asOf: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const balance = useBalanceAt(request);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^[1-9]\d{0,9}$/.test(userId.trim())) {
      setProblem('Enter a user id');
      return;
    }
    // datetime-local is the browser's local time: sent as an instant
    const instant = asOf ? new Date(asOf) : null;
    if (instant && Number.isNaN(instant.getTime())) {
      setProblem('Enter a date and time');
      return;
    }
    setProblem(null);
    setRequest({ userId: Number(userId.trim()), asOf: instant ? instant.toISOString() : null });
  };

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Balance at an instant
        </Heading>
        <form onSubmit={submit}>
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root maxW="40">
              <Field.Label>User id</Field.Label>
              <Input value={userId} onChange={(e) => setUserId(e.target.value)} inputMode="numeric" />
            </Field.Root>
            <Field.Root maxW="64">
              <Field.Label>As of (your local time; empty: now)</Field.Label>
              <Input type="datetime-local" step="1" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
            </Field.Root>
            <Button type="submit" variant="outline">
              Show balance
            </Button>
          </HStack>
        </form>
        {problem && (
          <Text color="fg.error" role="alert">
            {problem}
          </Text>
        )}
        {balance.isError && (
          <Text color="fg.error" role="alert">
            {balance.error.message}
          </Text>
        )}
        {balance.data && (
          <Text aria-live="polite">
            User {balance.data.userId} balance{' '}
            {balance.data.asOf ? `as of ${new Date(balance.data.asOf).toLocaleString()}` : 'now'}:{' '}
            <strong data-testid="balance-at">{formatUsd(balance.data.balance)}</strong> ({balance.data.balanceCents}{' '}
            cents)
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

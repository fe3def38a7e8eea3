import { Box, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { DASHBOARD_DEPOSIT_REQUESTS, formatUsd, MIN_DEPOSIT, parseAmountInput } from '@savings/contracts';
import { useState, type FormEvent } from 'react';
import { LoadError } from '../../../components/load-error';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useLeaveIfSignedOut } from '../../../lib/query-retry';
import { useCreateDepositRequest } from '../api/create-deposit-request';
import { useDepositRequests } from '../api/get-deposit-requests';
import { validateDepositAmount } from '../utils/amount-message';
import { formatDate } from '../utils/format';
import { DepositStatusBadge } from './status-badges';

function DepositRequestForm({ onDone }: { onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCreateDepositRequest();
  const leaveIfSignedOut = useLeaveIfSignedOut();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDepositAmount(amount);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { amount: parseAmountInput(amount) ?? amount },
      {
        onSuccess: () => {
          toastSuccess(
            'Deposit Request Submitted',
            'Your deposit request has been submitted and is pending admin confirmation.',
          );
          onDone();
        },
        onError: (failure) =>
          leaveIfSignedOut(failure) ||
          toastError('Deposit request failed', failure.message || 'Please try again later'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Field.Root invalid={error !== null} required>
          <Field.Label>Amount</Field.Label>
          <Input
            type="number"
            step="0.01"
            min={MIN_DEPOSIT}
            inputMode="decimal"
            placeholder="1000.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <HStack>
          <Button type="submit" loading={mutation.isPending}>
            Submit Deposit Request
          </Button>
          <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export function DepositRequestCard() {
  const [formOpen, setFormOpen] = useState(false);
  const { data, isPending, isError, refetch, isRefetching } = useDepositRequests();
  const latest = (data?.depositRequests ?? []).slice(0, DASHBOARD_DEPOSIT_REQUESTS);

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Request Deposit</Card.Title>
        <Card.Description>
          File a deposit request, then transfer the money quoting your reference code. An admin confirms it once the
          transfer arrives.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {/* remounting the form on open resets it after Cancel or success */}
        {formOpen ? (
          <DepositRequestForm onDone={() => setFormOpen(false)} />
        ) : (
          <Button alignSelf="start" onClick={() => setFormOpen(true)}>
            New Deposit Request
          </Button>
        )}
        <Stack gap="2">
          <Text fontWeight="semibold">Recent deposit requests</Text>
          {isError && !data ? (
            <LoadError what="your deposit requests" onRetry={() => void refetch()} retrying={isRefetching} />
          ) : isPending ? (
            <Text color="fg.muted">Loading...</Text>
          ) : latest.length === 0 ? (
            <Text color="fg.muted">No deposit requests yet</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" data-testid="deposit-requests">
              {latest.map((request) => (
                <HStack as="li" key={request.id} justify="space-between" borderWidth="1px" rounded="md" p="2">
                  <Box>
                    <Text fontWeight="medium">{formatUsd(request.amount)}</Text>
                    <Text textStyle="xs" color="fg.muted">
                      Requested {formatDate(request.requestedAt)}
                    </Text>
                  </Box>
                  <DepositStatusBadge status={request.status} />
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatUsd, Messages, MIN_WITHDRAWAL, parseAmountInput, type PublicUser } from '@savings/contracts';
import { useState, type FormEvent } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useLeaveIfSignedOut } from '../../../lib/query-retry';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { validateWithdrawalAmount } from '../utils/amount-message';

function WithdrawalForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCreateWithdrawal();
  const leaveIfSignedOut = useLeaveIfSignedOut();
  const noBanking = !user.beneficiaryName;
  const tooLow = user.availableBalance < MIN_WITHDRAWAL;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateWithdrawalAmount(amount, user.availableBalance);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { amount: parseAmountInput(amount) ?? amount },
      {
        onSuccess: () => {
          toastSuccess('Withdrawal Request Submitted', 'Your withdrawal will be processed on the 1st of the month.');
          onDone();
        },
        onError: (failure) =>
          leaveIfSignedOut(failure) ||
          toastError('Withdrawal Failed', failure.message || 'Failed to submit withdrawal request'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request withdrawal">
      <Stack gap="3">
        <Field.Root invalid={error !== null} required>
          <Field.Label>Amount</Field.Label>
          <Input
            type="number"
            step="1"
            min={MIN_WITHDRAWAL}
            inputMode="numeric"
            placeholder="1000"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <HStack>
          <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending || noBanking || tooLow}>
            Submit Withdrawal Request
          </Button>
          <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export function WithdrawalRequestCard({ user }: { user: PublicUser }) {
  const [formOpen, setFormOpen] = useState(false);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Request Withdrawal</Card.Title>
        <Card.Description>Withdrawals are processed on the 1st of each month.</Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        <Text>
          Available balance: <strong data-testid="available-balance">{formatUsd(user.availableBalance)}</strong>
        </Text>
        {!user.beneficiaryName && <Text color="fg.warning">{Messages.saveBankingFirst}</Text>}
        {user.availableBalance < MIN_WITHDRAWAL && <Text color="fg.warning">{Messages.insufficientForWithdrawal}</Text>}
        {formOpen ? (
          <WithdrawalForm user={user} onDone={() => setFormOpen(false)} />
        ) : (
          <Button alignSelf="start" onClick={() => setFormOpen(true)}>
            New Withdrawal
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

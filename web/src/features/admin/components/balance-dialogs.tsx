import { Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatUsd, parseAmountInput, type AdminUserItem, type BalanceOperation } from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { moveToast } from '../api/approvals';
import { SecondAdminNote } from './second-admin-note';
import { failureText } from '../../../lib/api-client';
import { useAdjustBalance } from '../api/adjust-balance';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { AdminDialog } from './admin-dialog';

function invalidAmountToast() {
  toastError('Invalid amount', 'Please enter a valid positive number');
}

/** Add Balance or Remove Balance for one user. */
export function BalanceDialog({
  user,
  operation,
  onClose,
}: {
  user: AdminUserItem;
  operation: BalanceOperation;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const mutation = useAdjustBalance();
  const adding = operation === 'add';

  const submit = () => {
    const parsed = parseAmountInput(amount);
    if (parsed === null) return invalidAmountToast();
    mutation.mutate(
      { userId: user.id, amount: parsed, operation },
      {
        onSuccess: (result) => {
          toastSuccess(
            ...moveToast(result, [
              'Balance updated successfully',
              `${formatUsd(Number(parsed))} ${adding ? 'added to' : 'removed from'} ${user.name}'s balance`,
            ]),
          );
          onClose();
        },
        // the server's reason when it gives one ("Amount exceeds the available balance"), else try later
        onError: (error) => toastError('Error updating balance', failureText(error)),
      },
    );
  };

  return (
    <AdminDialog
      open
      title={adding ? 'Add Balance' : 'Remove Balance'}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={mutation.isPending} colorPalette={adding ? 'blue' : 'red'}>
            {adding ? 'Add Balance' : 'Remove Balance'}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>
          {user.name} ({user.email})
        </Text>
        {!adding && <Text>Available balance: {formatUsd(user.balance)}</Text>}
        <Field.Root>
          <Field.Label>Amount</Field.Label>
          <Input
            type="number"
            step="0.01"
            min="0"
            max={adding ? undefined : user.balance}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field.Root>
        <SecondAdminNote amount={amount} />
      </Stack>
    </AdminDialog>
  );
}

/** Confirms a bank transfer that arrived without a deposit request. */
export function ConfirmDepositDialog({ user, onClose }: { user: AdminUserItem; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const mutation = useConfirmDeposit();

  const submit = () => {
    const parsed = parseAmountInput(amount);
    if (parsed === null) return invalidAmountToast();
    mutation.mutate(
      { userId: user.id, amount: parsed, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (result) => {
          toastSuccess(
            ...moveToast(result, ['Deposit Confirmed', `${formatUsd(Number(parsed))} credited to ${user.name}`]),
          );
          onClose();
        },
        onError: (error) => toastError('Error confirming deposit', failureText(error)),
      },
    );
  };

  return (
    <AdminDialog
      open
      title="Confirm Deposit"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={mutation.isPending} disabled={amount.trim() === ''}>
            Confirm Deposit
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>
          {user.name} ({user.referenceCode})
        </Text>
        <Field.Root>
          <Field.Label>Deposit Amount</Field.Label>
          <Input type="number" step="0.01" min="0" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field.Root>
        <SecondAdminNote amount={amount} />
        <Field.Root>
          <Field.Label>Note (optional)</Field.Label>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} />
        </Field.Root>
      </Stack>
    </AdminDialog>
  );
}

import { Box, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatUsd, Messages, MIN_WITHDRAWAL, parseAmountInput, type AdminWithdrawalItem } from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useApproveWithdrawal } from '../api/approve-withdrawal';
import { useDeleteWithdrawal } from '../api/delete-withdrawal';
import { useEditWithdrawal } from '../api/edit-withdrawal';
import { formatDateGb } from '../utils/format';
import { AdminDialog, ConfirmDialog } from './admin-dialog';

const failure = (error: Error) => error.message || 'Please try again later';

/** An amount the edit dialogs accept: valid money and at least 1000 (product.md section 5). */
export function editableAmount(value: string): string | null {
  const parsed = parseAmountInput(value);
  return parsed !== null && Number(parsed) >= MIN_WITHDRAWAL ? parsed : null;
}

function EditWithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawalItem; onClose: () => void }) {
  const [amount, setAmount] = useState(String(withdrawal.amount));
  const mutation = useEditWithdrawal();
  const valid = editableAmount(amount);

  const submit = () => {
    if (valid === null) return;
    mutation.mutate(
      { id: withdrawal.id, amount: valid },
      {
        onSuccess: () => {
          toastSuccess('Withdrawal Updated', `New amount ${formatUsd(Number(valid))}`);
          onClose();
        },
        onError: (error) => toastError('Error updating withdrawal', failure(error)),
      },
    );
  };

  return (
    <AdminDialog
      open
      title="Edit Withdrawal Request"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={valid === null} loading={mutation.isPending}>
            Update Amount
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>User: {withdrawal.userName}</Text>
        <Text>Current amount: {formatUsd(withdrawal.amount)}</Text>
        <Field.Root invalid={amount !== '' && valid === null}>
          <Field.Label>New Amount</Field.Label>
          <Input
            type="number"
            min={MIN_WITHDRAWAL}
            step="0.01"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field.ErrorText>{Messages.minWithdrawal}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AdminDialog>
  );
}

function WithdrawalEntry({
  withdrawal,
  approving,
  onApprove,
  onEdit,
  onDelete,
}: {
  withdrawal: AdminWithdrawalItem;
  approving: boolean;
  onApprove: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const bankingMissing = !withdrawal.userBeneficiary || !withdrawal.userIban;
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-testid="pending-withdrawal">
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">{withdrawal.userName}</Text>
          <Text fontWeight="bold">{formatUsd(withdrawal.amount)}</Text>
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {withdrawal.userEmail} · Requested {formatDateGb(withdrawal.requestedAt)}
        </Text>
        {bankingMissing ? (
          <Text textStyle="sm" color="red.600">
            Not provided
          </Text>
        ) : (
          <Text textStyle="sm">
            {withdrawal.userBeneficiary} · <span style={{ fontFamily: 'monospace' }}>{withdrawal.userIban}</span>
          </Text>
        )}
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="green" disabled={bankingMissing} loading={approving} onClick={onApprove}>
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            Delete
          </Button>
        </HStack>
        {bankingMissing && (
          <Text textStyle="xs" color="fg.muted">
            {Messages.bankingRequiredToApprove}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

export function PendingWithdrawals({
  withdrawals,
  loading,
}: {
  withdrawals: AdminWithdrawalItem[] | undefined;
  loading: boolean;
}) {
  const [editing, setEditing] = useState<AdminWithdrawalItem | null>(null);
  const [deleting, setDeleting] = useState<AdminWithdrawalItem | null>(null);
  const remove = useDeleteWithdrawal();
  // owned here, not by the entry: an approved entry leaves the list, and its callbacks would go with it
  const approve = useApproveWithdrawal();
  const pending = (withdrawals ?? []).filter((item) => item.status === 'pending');
  const approveWithdrawal = (withdrawal: AdminWithdrawalItem) =>
    approve.mutate(withdrawal.id, {
      onSuccess: () =>
        toastSuccess('Withdrawal Approved', `${formatUsd(withdrawal.amount)} for ${withdrawal.userName}`),
      onError: (error) => toastError('Error approving withdrawal', failure(error)),
    });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Pending Withdrawals</Card.Title>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Text color="fg.muted">Loading...</Text>
        ) : pending.length === 0 ? (
          <Text color="fg.muted">No pending withdrawals</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {pending.map((withdrawal) => (
              <WithdrawalEntry
                key={withdrawal.id}
                withdrawal={withdrawal}
                approving={approve.isPending && approve.variables === withdrawal.id}
                onApprove={() => approveWithdrawal(withdrawal)}
                onEdit={() => setEditing(withdrawal)}
                onDelete={() => setDeleting(withdrawal)}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
      {editing && <EditWithdrawalDialog withdrawal={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Withdrawal Request"
        message={
          deleting
            ? `Delete the withdrawal request of ${formatUsd(deleting.amount)} by ${deleting.userName}? Its hold on the balance is released.`
            : ''
        }
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess('Withdrawal Deleted', `Request by ${deleting.userName} removed`),
            onError: (error) => toastError('Error deleting withdrawal', failure(error)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Card.Root>
  );
}

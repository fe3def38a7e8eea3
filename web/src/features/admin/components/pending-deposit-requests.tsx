import { Badge, Box, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatUsd, Messages, type AdminDepositRequestItem } from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useConfirmDepositRequest } from '../api/confirm-deposit-request';
import { useDeleteDepositRequest } from '../api/delete-deposit-request';
import { useEditDepositRequest } from '../api/edit-deposit-request';
import { formatDateGb } from '../utils/format';
import { AdminDialog, ConfirmDialog } from './admin-dialog';
import { editableAmount } from './pending-withdrawals';

const failure = (error: Error) => error.message || 'Please try again later';

/** A real dialog instead of the browser prompt; below 1000 is not accepted (the button stays disabled). */
function EditDepositRequestDialog({ request, onClose }: { request: AdminDepositRequestItem; onClose: () => void }) {
  const [amount, setAmount] = useState(String(request.amount));
  const mutation = useEditDepositRequest();
  const valid = editableAmount(amount);

  const submit = () => {
    if (valid === null) return;
    mutation.mutate(
      { id: request.id, amount: valid },
      {
        onSuccess: () => {
          toastSuccess('Deposit Request Updated', `New amount ${formatUsd(Number(valid))}`);
          onClose();
        },
        onError: (error) => toastError('Error updating deposit request', failure(error)),
      },
    );
  };

  return (
    <AdminDialog
      open
      title="Edit Deposit Request"
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
        <Text>User: {request.userName}</Text>
        <Text>Current amount: {formatUsd(request.amount)}</Text>
        <Field.Root invalid={amount !== '' && valid === null}>
          <Field.Label>New Amount</Field.Label>
          <Input
            type="number"
            min={1000}
            step="0.01"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field.ErrorText>{Messages.minDeposit}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AdminDialog>
  );
}

function DepositRequestEntry({
  request,
  confirming,
  onConfirm,
  onEdit,
  onDelete,
}: {
  request: AdminDepositRequestItem;
  confirming: boolean;
  onConfirm: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-testid="pending-deposit-request">
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">{request.userName}</Text>
          <Text fontWeight="bold">{formatUsd(request.amount)}</Text>
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {request.userEmail} · Requested {formatDateGb(request.requestedAt)}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="green" loading={confirming} onClick={onConfirm}>
            Confirm
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            Delete
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

export function PendingDepositRequests({
  requests,
  loading,
}: {
  requests: AdminDepositRequestItem[] | undefined;
  loading: boolean;
}) {
  const [editing, setEditing] = useState<AdminDepositRequestItem | null>(null);
  const [deleting, setDeleting] = useState<AdminDepositRequestItem | null>(null);
  const remove = useDeleteDepositRequest();
  // owned here, not by the entry: a confirmed entry leaves the list, and its callbacks would go with it
  const confirm = useConfirmDepositRequest();
  const pending = (requests ?? []).filter((item) => item.status === 'pending');
  const confirmRequest = (request: AdminDepositRequestItem) =>
    confirm.mutate(
      { id: request.id },
      {
        onSuccess: () =>
          toastSuccess('Deposit Request Confirmed', `${formatUsd(request.amount)} credited to ${request.userName}`),
        onError: (error) => toastError('Error confirming deposit request', failure(error)),
      },
    );

  return (
    <Card.Root>
      <Card.Header>
        <HStack gap="2">
          <Card.Title>Pending Deposit Requests</Card.Title>
          <Badge colorPalette="orange" aria-label={`${pending.length} pending`} data-testid="pending-deposit-count">
            {pending.length}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Text color="fg.muted">Loading...</Text>
        ) : pending.length === 0 ? (
          <Stack gap="1" textAlign="center" py="4">
            <Text fontWeight="semibold">No Pending Deposit Requests</Text>
            <Text color="fg.muted" textStyle="sm">
              All deposit requests have been processed, or there are none yet.
            </Text>
          </Stack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {pending.map((request) => (
              <DepositRequestEntry
                key={request.id}
                request={request}
                confirming={confirm.isPending && confirm.variables?.id === request.id}
                onConfirm={() => confirmRequest(request)}
                onEdit={() => setEditing(request)}
                onDelete={() => setDeleting(request)}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
      {editing && <EditDepositRequestDialog request={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Deposit Request"
        message={deleting ? `Delete the deposit request of ${formatUsd(deleting.amount)} by ${deleting.userName}?` : ''}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess('Deposit Request Deleted', `Request by ${deleting.userName} removed`),
            onError: (error) => toastError('Error deleting deposit request', failure(error)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Card.Root>
  );
}

import { Badge, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatUsd, Messages, type AdminDepositRequestItem, type DepositRequestFilter } from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { moveToast } from '../api/approvals';
import { failureText } from '../../../lib/api-client';
import { useRedirectOnUnauthenticated } from '../../../lib/query-retry';
import { useConfirmDepositRequest } from '../api/confirm-deposit-request';
import { useDeleteDepositRequest } from '../api/delete-deposit-request';
import { useEditDepositRequest } from '../api/edit-deposit-request';
import { FIRST_DEPOSIT_REQUESTS_PAGE, useAdminDepositRequests } from '../api/get-admin-deposit-requests';
import { AdminDialog, ConfirmDialog } from './admin-dialog';
import { EditAmountDialog } from './edit-amount-dialog';
import { PendingEntry, PendingPanel } from './pending-panel';

const FILTERS: readonly { value: DepositRequestFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Deleted' },
  { value: 'all', label: 'All' },
];

/** Confirming credits the customer: the dialog names who, how much and the reference their transfer quotes. */
function ConfirmRequestDialog({
  request,
  pending,
  onConfirm,
  onClose,
}: {
  request: AdminDepositRequestItem;
  pending: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  return (
    <AdminDialog
      open
      title="Confirm Deposit Request"
      role="alertdialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button colorPalette="blue" onClick={() => onConfirm(note.trim())} loading={pending}>
            Confirm Deposit
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>
          Credit <strong>{formatUsd(request.amount)}</strong> to {request.userName} ({request.userEmail})? Confirm only
          once the transfer quoting <strong>{request.userReferenceCode ?? 'their reference code'}</strong> has arrived.
        </Text>
        <Field.Root>
          <Field.Label>Note (optional)</Field.Label>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} />
        </Field.Root>
      </Stack>
    </AdminDialog>
  );
}

/** Pending deposit requests (product.md section 2): confirm after a look, edit, delete. */
export function PendingDepositRequests() {
  const [page, setPage] = useState(FIRST_DEPOSIT_REQUESTS_PAGE);
  const query = useAdminDepositRequests(page);
  useRedirectOnUnauthenticated(query.error);
  const [confirming, setConfirming] = useState<AdminDepositRequestItem | null>(null);
  const [editing, setEditing] = useState<AdminDepositRequestItem | null>(null);
  const [deleting, setDeleting] = useState<AdminDepositRequestItem | null>(null);
  // owned here, not by the entry: a confirmed entry leaves the list, and its callbacks would go with it
  const confirm = useConfirmDepositRequest();
  const edit = useEditDepositRequest();
  const remove = useDeleteDepositRequest();

  return (
    <PendingPanel
      title="Pending Deposit Requests"
      noun="deposit requests"
      query={{ ...query, items: query.data?.depositRequests, total: query.data?.total }}
      page={page}
      onPageChange={setPage}
      filters={FILTERS}
      empty={
        page.filter === 'pending' && !page.search ? (
          <Stack gap="1" textAlign="center" py="4">
            <Text fontWeight="semibold">No Pending Deposit Requests</Text>
            <Text color="fg.muted" textStyle="sm">
              All deposit requests have been processed, or there are none yet.
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted">No deposit requests found</Text>
        )
      }
      renderEntry={(request) => (
        <PendingEntry
          testId="pending-deposit-request"
          name={request.userName}
          email={request.userEmail}
          amount={request.amount}
          requestedAt={request.requestedAt}
          status={
            request.status === 'pending' ? undefined : (
              <Badge>{FILTERS.find((option) => option.value === request.status)?.label}</Badge>
            )
          }
          actions={
            request.status === 'pending' && (
              <>
                <Button
                  size="sm"
                  colorPalette="blue"
                  loading={confirm.isPending && confirm.variables?.id === request.id}
                  onClick={() => setConfirming(request)}
                >
                  Confirm
                </Button>
                <Button size="sm" variant="outline" onClick={() => setEditing(request)}>
                  Edit
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(request)}>
                  Delete
                </Button>
              </>
            )
          }
        />
      )}
    >
      {confirming && (
        <ConfirmRequestDialog
          request={confirming}
          pending={confirm.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={(note) => {
            const request = confirming;
            confirm.mutate(
              { id: request.id, note: note || undefined },
              {
                onSuccess: (result) =>
                  toastSuccess(
                    ...moveToast(result, [
                      'Deposit Request Confirmed',
                      `${formatUsd(request.amount)} credited to ${request.userName}`,
                    ]),
                  ),
                onError: (error) => toastError('Error confirming deposit request', failureText(error)),
                onSettled: () => setConfirming(null),
              },
            );
          }}
        />
      )}
      {editing && (
        <EditAmountDialog
          title="Edit Deposit Request"
          userName={editing.userName}
          amount={editing.amount}
          minimumMessage={Messages.minDeposit}
          pending={edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(amount) =>
            edit.mutate(
              { id: editing.id, amount },
              {
                onSuccess: () => {
                  toastSuccess('Deposit Request Updated', `New amount ${formatUsd(Number(amount))}`);
                  setEditing(null);
                },
                onError: (error) => toastError('Error updating deposit request', failureText(error)),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Deposit Request"
        message={deleting ? `Delete the deposit request of ${formatUsd(deleting.amount)} by ${deleting.userName}?` : ''}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const request = deleting;
          remove.mutate(request.id, {
            onSuccess: () => toastSuccess('Deposit Request Deleted', `Request by ${request.userName} removed`),
            onError: (error) => toastError('Error deleting deposit request', failureText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </PendingPanel>
  );
}

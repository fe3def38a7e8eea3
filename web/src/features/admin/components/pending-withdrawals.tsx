import { Badge, Button, DataList, Stack, Text } from '@chakra-ui/react';
import {
  bankingCoolingOff,
  formatUsd,
  Messages,
  type AdminWithdrawalItem,
  type WithdrawalFilter,
} from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { moveToast } from '../api/approvals';
import { SecondAdminNote } from './second-admin-note';
import { failureText } from '../../../lib/api-client';
import { useRedirectOnUnauthenticated } from '../../../lib/query-retry';
import { useApproveWithdrawal } from '../api/approve-withdrawal';
import { useDeleteWithdrawal } from '../api/delete-withdrawal';
import { useEditWithdrawal } from '../api/edit-withdrawal';
import { FIRST_WITHDRAWALS_PAGE, useAdminWithdrawals } from '../api/get-admin-withdrawals';
import { ConfirmDialog } from './admin-dialog';
import { EditAmountDialog } from './edit-amount-dialog';
import { PendingEntry, PendingPanel } from './pending-panel';

/**
 * When the customer's banking details are still cooling off (changed recently): the server says until
 * when (approvableAfter) and refuses approval before it; the button waits too.
 */
function coolingOffEnd(withdrawal: AdminWithdrawalItem): string | null {
  const end = withdrawal.approvableAfter;
  return end && Date.parse(end) > Date.now() ? end : null;
}

const FILTERS: readonly { value: WithdrawalFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'processed', label: 'Approved' },
  { value: 'completed', label: 'Paid out' },
  { value: 'cancelled', label: 'Deleted' },
  { value: 'all', label: 'All' },
];

const bankingMissing = (withdrawal: AdminWithdrawalItem) => !withdrawal.userBeneficiary || !withdrawal.userIban;

/** Where the money goes: what an admin checks before approving. */
function BankingDetails({ withdrawal }: { withdrawal: AdminWithdrawalItem }) {
  if (bankingMissing(withdrawal)) {
    return (
      <Text textStyle="sm" color="red.600">
        Not provided
      </Text>
    );
  }
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1">
      {[
        ['Beneficiary', withdrawal.userBeneficiary],
        ['IBAN', withdrawal.userIban],
        ['SWIFT/BIC', withdrawal.userSwift ?? '-'],
      ].map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
          <DataList.ItemValue fontFamily={label === 'Beneficiary' ? undefined : 'mono'} wordBreak="break-all">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** Pending withdrawals (product.md section 2): approve after a look at the banking details, edit, delete. */
export function PendingWithdrawals() {
  const [page, setPage] = useState(FIRST_WITHDRAWALS_PAGE);
  const query = useAdminWithdrawals(page);
  useRedirectOnUnauthenticated(query.error);
  const [editing, setEditing] = useState<AdminWithdrawalItem | null>(null);
  const [approving, setApproving] = useState<AdminWithdrawalItem | null>(null);
  const [deleting, setDeleting] = useState<AdminWithdrawalItem | null>(null);
  // owned here, not by the entry: an approved entry leaves the list, and its callbacks would go with it
  const approve = useApproveWithdrawal();
  const edit = useEditWithdrawal();
  const remove = useDeleteWithdrawal();

  return (
    <PendingPanel
      title="Pending Withdrawals"
      noun="withdrawals"
      query={{ ...query, items: query.data?.withdrawals, total: query.data?.total }}
      page={page}
      onPageChange={setPage}
      filters={FILTERS}
      empty={
        <Text color="fg.muted">
          {page.filter === 'pending' && !page.search ? 'No pending withdrawals' : 'No withdrawals found'}
        </Text>
      }
      renderEntry={(withdrawal) => (
        <PendingEntry
          testId="pending-withdrawal"
          name={withdrawal.userName}
          email={withdrawal.userEmail}
          amount={withdrawal.amount}
          requestedAt={withdrawal.requestedAt}
          status={
            withdrawal.status === 'pending' ? undefined : (
              <Badge>{FILTERS.find((option) => option.value === withdrawal.status)?.label}</Badge>
            )
          }
          actions={
            withdrawal.status === 'pending' && (
              <>
                <Button
                  size="sm"
                  colorPalette="blue"
                  disabled={bankingMissing(withdrawal) || coolingOffEnd(withdrawal) !== null}
                  loading={approve.isPending && approve.variables === withdrawal.id}
                  onClick={() => setApproving(withdrawal)}
                >
                  Approve
                </Button>
                <Button size="sm" variant="outline" onClick={() => setEditing(withdrawal)}>
                  Edit
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(withdrawal)}>
                  Delete
                </Button>
              </>
            )
          }
        >
          <BankingDetails withdrawal={withdrawal} />
          {withdrawal.returnedForReapproval && (
            <Text textStyle="xs" color="orange.800" data-testid="sent-back-for-reapproval">
              Sent back for re-approval on {new Date(withdrawal.returnedForReapproval.at).toLocaleDateString('en-US')}:{' '}
              {withdrawal.returnedForReapproval.message}
            </Text>
          )}
          {withdrawal.status === 'pending' && bankingMissing(withdrawal) && (
            <Text textStyle="xs" color="fg.muted">
              {Messages.bankingRequiredToApprove}
            </Text>
          )}
          {withdrawal.status === 'pending' && coolingOffEnd(withdrawal) && (
            <Text textStyle="xs" color="orange.800" data-testid="cooling-off">
              {bankingCoolingOff(coolingOffEnd(withdrawal) as string)}
            </Text>
          )}
        </PendingEntry>
      )}
    >
      {editing && (
        <EditAmountDialog
          title="Edit Withdrawal Request"
          userName={editing.userName}
          amount={editing.amount}
          minimumMessage={Messages.minWithdrawal}
          pending={edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(amount) =>
            edit.mutate(
              { id: editing.id, amount },
              {
                onSuccess: () => {
                  toastSuccess('Withdrawal Updated', `New amount ${formatUsd(Number(amount))}`);
                  setEditing(null);
                },
                onError: (error) => toastError('Error updating withdrawal', failureText(error)),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={approving !== null}
        title="Approve Withdrawal"
        confirmLabel="Approve"
        confirmPalette="blue"
        pending={approve.isPending}
        message={
          approving && (
            <Stack gap="3">
              <Text>
                Pay <strong>{formatUsd(approving.amount)}</strong> to {approving.userName} ({approving.userEmail})? The
                amount leaves their balance now and is paid out on the 1st of the month to:
              </Text>
              <BankingDetails withdrawal={approving} />
              <SecondAdminNote amount={String(approving.amount)} />
            </Stack>
          )
        }
        onClose={() => setApproving(null)}
        onConfirm={() => {
          if (!approving) return;
          const withdrawal = approving;
          approve.mutate(withdrawal.id, {
            onSuccess: (result) =>
              toastSuccess(
                ...moveToast(result, [
                  'Withdrawal Approved',
                  `${formatUsd(withdrawal.amount)} for ${withdrawal.userName}`,
                ]),
              ),
            onError: (error) => toastError('Error approving withdrawal', failureText(error)),
            onSettled: () => setApproving(null),
          });
        }}
      />
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
          const withdrawal = deleting;
          remove.mutate(withdrawal.id, {
            onSuccess: () => toastSuccess('Withdrawal Deleted', `Request by ${withdrawal.userName} removed`),
            onError: (error) => toastError('Error deleting withdrawal', failureText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </PendingPanel>
  );
}

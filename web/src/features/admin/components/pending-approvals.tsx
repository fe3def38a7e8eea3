import { Badge, Button, Card, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatUsd, type ApprovalItem, type ApprovalKind } from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { failureText } from '../../../lib/api-client';
import { useRedirectOnUnauthenticated } from '../../../lib/query-retry';
import { useCurrentUser } from '../../../lib/session';
import { useDecideApproval, usePendingApprovals } from '../api/approvals';
import { AdminDialog, ConfirmDialog } from './admin-dialog';

const KIND_LABELS: Record<ApprovalKind, string> = {
  balance_add: 'Add to balance',
  balance_subtract: 'Subtract from balance',
  deposit: 'Direct deposit',
  deposit_request: 'Deposit request',
  withdrawal: 'Withdrawal',
};

/**
 * Admin money moves at or above the four-eyes threshold, waiting for a second admin (api-contract.md
 * section 9): amount, customer, maker, when, note. Another admin approves (the move happens then) or
 * rejects with a reason; the maker sees their own as waiting, with no Approve button.
 */
export function PendingApprovals() {
  const query = usePendingApprovals();
  useRedirectOnUnauthenticated(query.error);
  const { data: me } = useCurrentUser();
  const decide = useDecideApproval();
  const [approving, setApproving] = useState<ApprovalItem | null>(null);
  const [rejecting, setRejecting] = useState<ApprovalItem | null>(null);
  const [reason, setReason] = useState('');
  const approvals = query.data?.approvals ?? [];

  return (
    <Card.Root data-testid="pending-approvals">
      <Card.Body gap="3">
        <HStack justify="space-between">
          <Heading as="h2" size="lg">
            Pending Approvals
          </Heading>
          {approvals.length > 0 && <Badge colorPalette="orange">{approvals.length}</Badge>}
        </HStack>
        {typeof query.data?.fourEyesThreshold === 'number' && (
          <Text textStyle="sm" color="fg.muted">
            Admin money moves of {formatUsd(query.data.fourEyesThreshold)} or more need a second admin.
          </Text>
        )}
        {query.isPending && <Text color="fg.muted">Loading approvals...</Text>}
        {query.isError && <Text color="red.600">{failureText(query.error)}</Text>}
        {query.isSuccess && approvals.length === 0 && <Text color="fg.muted">No pending approvals</Text>}
        {approvals.map((approval) => {
          const mine = me?.id === approval.requestedBy;
          return (
            <Stack key={approval.id} data-testid="pending-approval" borderWidth="1px" borderRadius="md" p="3" gap="1">
              <HStack justify="space-between" wrap="wrap">
                <Text fontWeight="semibold">
                  {formatUsd(approval.amount)} · {approval.userName}
                </Text>
                <Badge>{KIND_LABELS[approval.kind]}</Badge>
              </HStack>
              <Text textStyle="sm" color="fg.muted">
                Requested by {approval.requestedByName} on {new Date(approval.requestedAt).toLocaleString()}
              </Text>
              {approval.note && <Text textStyle="sm">Note: {approval.note}</Text>}
              <HStack gap="2" pt="1">
                {mine ? (
                  <Badge colorPalette="orange">Waiting for a second admin</Badge>
                ) : (
                  <Button
                    size="sm"
                    colorPalette="blue"
                    loading={decide.isPending && decide.variables?.id === approval.id && !decide.variables.reject}
                    onClick={() => setApproving(approval)}
                  >
                    Approve
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => {
                    setReason('');
                    setRejecting(approval);
                  }}
                >
                  Reject
                </Button>
              </HStack>
            </Stack>
          );
        })}
      </Card.Body>
      <ConfirmDialog
        open={approving !== null}
        title="Approve Money Move"
        confirmLabel="Approve"
        confirmPalette="blue"
        pending={decide.isPending}
        message={
          approving && (
            <Text>
              {KIND_LABELS[approving.kind]}: <strong>{formatUsd(approving.amount)}</strong> for {approving.userName},
              requested by {approving.requestedByName}. The money moves now.
            </Text>
          )
        }
        onClose={() => setApproving(null)}
        onConfirm={() => {
          if (!approving) return;
          const approval = approving;
          decide.mutate(
            { id: approval.id },
            {
              onSuccess: () =>
                toastSuccess('Money Move Approved', `${formatUsd(approval.amount)} for ${approval.userName}`),
              onError: (error) => toastError('Error approving', failureText(error)),
              onSettled: () => setApproving(null),
            },
          );
        }}
      />
      <AdminDialog
        open={rejecting !== null}
        title="Reject Money Move"
        onClose={() => setRejecting(null)}
        footer={
          <>
            <Button variant="outline" onClick={() => setRejecting(null)} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button
              colorPalette="red"
              loading={decide.isPending}
              disabled={reason.trim() === ''}
              onClick={() => {
                if (!rejecting) return;
                const approval = rejecting;
                decide.mutate(
                  { id: approval.id, reject: { reason: reason.trim() } },
                  {
                    onSuccess: () =>
                      toastSuccess('Money Move Rejected', `${formatUsd(approval.amount)} for ${approval.userName}`),
                    onError: (error) => toastError('Error rejecting', failureText(error)),
                    onSettled: () => setRejecting(null),
                  },
                );
              }}
            >
              Reject
            </Button>
          </>
        }
      >
        <Stack gap="3">
          {rejecting && (
            <Text>
              {formatUsd(rejecting.amount)} for {rejecting.userName}: nothing moves.
            </Text>
          )}
          <Field.Root required>
            <Field.Label>Reason</Field.Label>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
          </Field.Root>
        </Stack>
      </AdminDialog>
    </Card.Root>
  );
}

import { Badge, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatUsd, type ApprovalsResponse } from '@savings/contracts';
import { api, failureText } from '../../../lib/api-client';

/**
 * Four-eyes approvals (api-contract.md section 9), read-only: each admin money move at or above the
 * threshold, its maker, its checker and the decision (newest first).
 */
export function ApprovalsPanel() {
  const query = useQuery({
    queryKey: ['audit', 'approvals'],
    queryFn: () => api.get<ApprovalsResponse>('/api/admin/approvals'),
  });
  const approvals = query.data?.approvals ?? [];
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading as="h2" size="lg">
          Approvals
        </Heading>
        <Text color="fg.muted">
          {typeof query.data?.fourEyesThreshold === 'number'
            ? `Admin money moves of ${formatUsd(query.data.fourEyesThreshold)} or more need a second admin.`
            : 'Four eyes is off: no admin money move waits for a second admin.'}
        </Text>
        {query.isError && <Text color="red.600">{failureText(query.error)}</Text>}
        {query.isSuccess && approvals.length === 0 && <Text color="fg.muted">No approvals yet</Text>}
        {approvals.length > 0 && (
          <Stack overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Requested</Table.ColumnHeader>
                  <Table.ColumnHeader>Customer</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Maker</Table.ColumnHeader>
                  <Table.ColumnHeader>Checker</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {approvals.map((approval) => (
                  <Table.Row key={approval.id}>
                    <Table.Cell>{new Date(approval.requestedAt).toLocaleString()}</Table.Cell>
                    <Table.Cell>{approval.userName}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsd(approval.amount)}</Table.Cell>
                    <Table.Cell>{approval.requestedByName}</Table.Cell>
                    <Table.Cell>{approval.decidedByName ?? '-'}</Table.Cell>
                    <Table.Cell>
                      <Badge>{approval.status}</Badge> {approval.reason}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import { useState } from 'react';
import { ACTIONS_PAGE, useAdminActions } from '../api/audit-api';

const KIND = {
  adjustment: 'Balance adjustment',
  deposit: 'Deposit confirmed',
  withdrawal: 'Withdrawal approved',
} as const;

/** Every balance change an admin made, with who, when, and the balance before and after. */
export function AdminActions() {
  const [offset, setOffset] = useState(0);
  const actions = useAdminActions(offset);
  const rows = actions.data?.transactions ?? [];
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Admin actions
        </Heading>
        {actions.isError && (
          <Text color="fg.error" role="alert">
            {actions.error instanceof Error ? actions.error.message : 'Unable to load admin actions'}
          </Text>
        )}
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Admin actions">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Admin</Table.ColumnHeader>
                <Table.ColumnHeader>Customer</Table.ColumnHeader>
                <Table.ColumnHeader>Action</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Before</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">After</Table.ColumnHeader>
                <Table.ColumnHeader>Note</Table.ColumnHeader>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{new Date(row.createdAt).toLocaleString()}</Table.Cell>
                  <Table.Cell>{row.adminName ?? 'system'}</Table.Cell>
                  <Table.Cell>
                    {row.userName} (#{row.userId})
                  </Table.Cell>
                  <Table.Cell>{KIND[row.kind]}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.type === 'subtract' ? '−' : '+'}
                    {formatUsd(row.amount)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatUsd(row.balanceBefore)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUsd(row.balanceAfter)}</Table.Cell>
                  <Table.Cell>{row.note ?? ''}</Table.Cell>
                  <Table.Cell>seq {row.id}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <HStack gap="3">
          <Button
            size="sm"
            variant="outline"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - ACTIONS_PAGE))}
          >
            Newer
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={rows.length < ACTIONS_PAGE}
            onClick={() => setOffset(offset + ACTIONS_PAGE)}
          >
            Older
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

import { Badge, Card, Skeleton, Table, Text } from '@chakra-ui/react';
import { formatUsd, type AdminTransactionItem } from '@savings/contracts';
import { formatDateGb } from '../utils/format';

const COLUMNS = ['Date', 'User', 'Admin', 'Type', 'Amount', 'Balance Before', 'Balance After', 'Note'];

export function TransactionsTable({
  transactions,
  loading,
}: {
  transactions: AdminTransactionItem[] | undefined;
  loading: boolean;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Admin Transaction History</Card.Title>
      </Card.Header>
      <Card.Body>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Admin Transaction History">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading
                ? [0, 1, 2, 3, 4].map((row) => (
                    <Table.Row key={row} data-testid="transaction-skeleton">
                      {COLUMNS.map((column) => (
                        <Table.Cell key={column}>
                          <Skeleton height="4" />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                : transactions?.map((item) => (
                    <Table.Row key={item.id} data-testid="transaction-row">
                      <Table.Cell>{formatDateGb(item.createdAt)}</Table.Cell>
                      <Table.Cell>{item.userName}</Table.Cell>
                      <Table.Cell>{item.adminName ?? 'System'}</Table.Cell>
                      <Table.Cell>
                        {item.type === 'add' ? (
                          <Badge colorPalette="green">+ Credit</Badge>
                        ) : (
                          <Badge colorPalette="red">- Credit</Badge>
                        )}
                      </Table.Cell>
                      <Table.Cell>{formatUsd(item.amount)}</Table.Cell>
                      <Table.Cell>{formatUsd(item.balanceBefore)}</Table.Cell>
                      <Table.Cell>{formatUsd(item.balanceAfter)}</Table.Cell>
                      <Table.Cell>{item.note ?? '-'}</Table.Cell>
                    </Table.Row>
                  ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {!loading && (transactions?.length ?? 0) === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            No transactions found
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

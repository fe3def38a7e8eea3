import { Badge, Card, Skeleton, Table, Text } from '@chakra-ui/react';
import { formatUsd, type AccountActivityItem } from '@savings/contracts';
import { formatDateTime } from '../utils/format';

const kindLabel: Record<AccountActivityItem['kind'], string> = {
  adjustment: 'Adjustment',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
};

function TypeBadge({ item }: { item: AccountActivityItem }) {
  const credit = item.type === 'add';
  return (
    <Badge colorPalette={credit ? 'green' : 'red'}>
      {credit ? '+' : '-'} {kindLabel[item.kind] ?? (credit ? 'Credit' : 'Debit')}
    </Badge>
  );
}

const COLUMNS = ['Date', 'Type', 'Amount', 'Balance Before', 'Balance After', 'Admin', 'Note'];

export function AccountActivityTable({
  items,
  loading,
}: {
  items: AccountActivityItem[] | undefined;
  loading: boolean;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Account Activity</Card.Title>
        <Card.Description>Balance changes made on your account by our team.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Account Activity">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading
                ? [0, 1, 2].map((row) => (
                    <Table.Row key={row} data-testid="activity-skeleton">
                      {COLUMNS.map((column) => (
                        <Table.Cell key={column}>
                          <Skeleton height="4" />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                : items?.map((item) => (
                    <Table.Row key={item.id}>
                      <Table.Cell>{formatDateTime(item.createdAt)}</Table.Cell>
                      <Table.Cell>
                        <TypeBadge item={item} />
                      </Table.Cell>
                      <Table.Cell>{formatUsd(item.amount)}</Table.Cell>
                      <Table.Cell>{formatUsd(item.balanceBefore)}</Table.Cell>
                      <Table.Cell>{formatUsd(item.balanceAfter)}</Table.Cell>
                      <Table.Cell>{item.adminName ?? 'System'}</Table.Cell>
                      <Table.Cell>{item.note ?? '-'}</Table.Cell>
                    </Table.Row>
                  ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {!loading && (items?.length ?? 0) === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            No account activity to display
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

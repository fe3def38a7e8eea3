import { Card, Skeleton, Table, Text } from '@chakra-ui/react';
import { formatUsd, type AccountActivityItem } from '@savings/contracts';
import { LoadError } from '../../../components/load-error';
import { TransactionTypeBadge } from '../../../components/transaction-type-badge';
import { formatDateTime } from '../utils/format';

const COLUMNS = ['Date', 'Type', 'Amount', 'Balance Before', 'Balance After', 'Admin', 'Note'];

export function AccountActivityTable({
  items,
  loading,
  failed = false,
  onRetry = () => undefined,
  retrying = false,
}: {
  items: AccountActivityItem[] | undefined;
  loading: boolean;
  /** the activity could not be loaded: say so, never "No account activity" */
  failed?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Account Activity</Card.Title>
        <Card.Description>Balance changes made on your account by our team.</Card.Description>
      </Card.Header>
      <Card.Body>
        {failed && !items ? (
          <LoadError what="your account activity" onRetry={onRetry} retrying={retrying} />
        ) : (
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
                          <TransactionTypeBadge kind={item.kind} type={item.type} />
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
        )}
        {!loading && items?.length === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            No account activity to display
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

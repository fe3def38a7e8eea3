import { Card, DataList, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { formatUsd, type AdminTransactionFilter, type AdminTransactionItem } from '@savings/contracts';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pager } from '../../../components/pager';
import { TransactionTypeBadge } from '../../../components/transaction-type-badge';
import { useRevealedCount } from '../../../components/use-revealed-count';
import { useWideScreen } from '../../../components/use-wide-screen';
import { useRedirectOnUnauthenticated } from '../../../lib/query-retry';
import { FIRST_TRANSACTIONS_PAGE, useAdminTransactions } from '../api/get-admin-transactions';
import { formatDateGb } from '../utils/format';
import { FilterSelect, ListFilters, SearchField } from './list-filters';

const COLUMNS = ['Date', 'User', 'Admin', 'Type', 'Amount', 'Balance Before', 'Balance After', 'Note'];

const KINDS: readonly { value: AdminTransactionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'withdrawal', label: 'Withdrawals' },
  { value: 'adjustment', label: 'Adjustments' },
];

/** A transaction as a card, on phones. */
function TransactionCard({ item }: { item: AdminTransactionItem }) {
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="transaction-card">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{item.userName}</Text>
        <HStack gap="2">
          <TransactionTypeBadge kind={item.kind} type={item.type} />
          <Text fontWeight="bold">{formatUsd(item.amount)}</Text>
        </HStack>
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" gap="1">
        {[
          ['Date', formatDateGb(item.createdAt)],
          ['Admin', item.adminName ?? 'System'],
          ['Balance Before', formatUsd(item.balanceBefore)],
          ['Balance After', formatUsd(item.balanceAfter)],
          ['Note', item.note ?? '-'],
        ].map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

/**
 * Admin Transaction History (product.md section 2), 50 at a time from the server, newest first,
 * filtered by customer and kind. Every column fits a desktop screen; phones get a card per transaction.
 */
export function TransactionsTable() {
  const [page, setPage] = useState(FIRST_TRANSACTIONS_PAGE);
  const query = useAdminTransactions(page);
  useRedirectOnUnauthenticated(query.error);
  const wide = useWideScreen();
  const transactions = query.data?.transactions;
  const loading = query.isPending;
  const cardsShown = useRevealedCount(transactions?.length ?? 0);

  return (
    <Card.Root as="section" aria-label="Admin Transaction History">
      <Card.Header>
        <Card.Title as="h2">Admin Transaction History</Card.Title>
      </Card.Header>
      <Card.Body>
        <ListFilters>
          <SearchField
            label="Customer"
            value={page.search}
            onSearch={(search) => setPage({ ...page, search, offset: 0 })}
          />
          <FilterSelect
            label="Type"
            value={page.filter}
            options={KINDS}
            onChange={(filter) => setPage({ ...page, filter, offset: 0 })}
          />
        </ListFilters>
        {query.isError && (
          <LoadError
            what="the transaction history"
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        )}
        {query.isError && !transactions ? null : wide ? (
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
                          <TransactionTypeBadge kind={item.kind} type={item.type} />
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatUsd(item.amount)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatUsd(item.balanceBefore)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatUsd(item.balanceAfter)}</Table.Cell>
                        <Table.Cell maxW="48" wordBreak="break-word">
                          {item.note ?? '-'}
                        </Table.Cell>
                      </Table.Row>
                    ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Admin Transaction History">
            {transactions?.slice(0, cardsShown).map((item) => (
              <TransactionCard key={item.id} item={item} />
            ))}
          </Stack>
        )}
        {!loading && transactions?.length === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            No transactions found
          </Text>
        )}
        {!!transactions?.length && (
          <Pager
            offset={page.offset}
            shown={transactions.length}
            total={query.data?.total ?? transactions.length}
            pageSize={page.size}
            noun="transactions"
            label="Transaction pages"
            onOffsetChange={(offset) => setPage({ ...page, offset })}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

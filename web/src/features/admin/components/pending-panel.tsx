import { Badge, Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pager } from '../../../components/pager';
import type { AdminListPage } from '../api/admin-query';
import { formatDateGb } from '../utils/format';
import { FilterSelect, ListFilters, SearchField } from './list-filters';

/** What a panel shows of its query: the page's items and count, or how it failed. */
interface PanelQuery<Item> {
  items: Item[] | undefined;
  total: number | undefined;
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
}

/**
 * One panel of pending work (withdrawals, deposit requests): the count, filters by customer and
 * status, one page of entries from the server (PENDING_PAGE_SIZE), paging; a failed load says so with a retry, never
 * the empty state.
 */
export function PendingPanel<Item extends { id: number }, Filter extends string>({
  title,
  noun,
  query,
  page,
  onPageChange,
  filters,
  empty,
  renderEntry,
  children,
}: {
  title: string;
  /** the items, plural: "withdrawals" */
  noun: string;
  query: PanelQuery<Item>;
  page: AdminListPage<Filter>;
  onPageChange: (page: AdminListPage<Filter>) => void;
  filters: readonly { value: Filter; label: string }[];
  /** what an empty page says */
  empty: ReactNode;
  renderEntry: (item: Item) => ReactNode;
  /** the panel's dialogs */
  children?: ReactNode;
}) {
  const items = query.items ?? [];
  const filterLabel = filters.find((option) => option.value === page.filter)?.label ?? '';
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <HStack gap="2">
          <Card.Title as="h2">{title}</Card.Title>
          {query.total !== undefined && (
            <Badge
              colorPalette="orange"
              aria-label={`${query.total} ${filterLabel.toLowerCase()}`}
              data-testid={`${noun.replace(/ /g, '-')}-count`}
            >
              {query.total}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <ListFilters>
          <SearchField
            label="Customer"
            value={page.search}
            onSearch={(search) => onPageChange({ ...page, search, offset: 0 })}
          />
          <FilterSelect
            label="Status"
            value={page.filter}
            options={filters}
            onChange={(filter) => onPageChange({ ...page, filter, offset: 0 })}
          />
        </ListFilters>
        {query.isError && !query.items ? (
          <LoadError what={`the ${noun}`} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
        ) : query.isPending ? (
          <Text color="fg.muted">Loading...</Text>
        ) : items.length === 0 ? (
          empty
        ) : (
          <>
            {query.isError && (
              <LoadError
                what={`the latest ${noun}`}
                onRetry={() => void query.refetch()}
                retrying={query.isRefetching}
              />
            )}
            <Stack as="ul" gap="3" listStyleType="none" mt={query.isError ? '3' : undefined}>
              {items.map((item) => (
                <Box as="li" key={item.id}>
                  {renderEntry(item)}
                </Box>
              ))}
            </Stack>
            <Pager
              offset={page.offset}
              shown={items.length}
              total={query.total ?? items.length}
              pageSize={page.size}
              noun={noun}
              label={`${title} pages`}
              onOffsetChange={(offset) => onPageChange({ ...page, offset })}
            />
          </>
        )}
      </Card.Body>
      {children}
    </Card.Root>
  );
}

/** One entry of a panel: who, how much, when; its details and its actions below. */
export function PendingEntry({
  testId,
  name,
  email,
  amount,
  requestedAt,
  status,
  children,
  actions,
}: {
  testId: string;
  name: string;
  email: string;
  amount: number;
  requestedAt: string;
  /** shown when the list is not of pending ones */
  status?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid={testId}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{name}</Text>
        <HStack gap="2">
          {status}
          <Text fontWeight="bold">{formatUsd(amount)}</Text>
        </HStack>
      </HStack>
      <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
        {email} · Requested {formatDateGb(requestedAt)}
      </Text>
      {children}
      {actions && (
        <HStack gap="2" wrap="wrap">
          {actions}
        </HStack>
      )}
    </Stack>
  );
}

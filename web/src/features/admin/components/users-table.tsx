import { Button, Card, DataList, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import {
  ADMIN_USERS_PAGE_SIZE,
  formatUsd,
  type AdminUserItem,
  type AdminUserSort,
  type AdminUsersResponse,
} from '@savings/contracts';
import { useCallback, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pager } from '../../../components/pager';
import { useRevealedCount } from '../../../components/use-revealed-count';
import { useWideScreen } from '../../../components/use-wide-screen';
import type { AdminUsersPage } from '../api/get-admin-users';
import { userNumber } from '../utils/format';
import { nextSort } from '../utils/sort-users';
import { BalanceDialog, ConfirmDepositDialog } from './balance-dialogs';
import { ListFilters, SearchField } from './list-filters';
import { UserActionsMenu, type UserAction } from './user-actions-menu';

const SORTABLE: { key: AdminUserSort; label: string }[] = [
  { key: 'id', label: 'User #' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'referenceCode', label: 'Reference Code' },
  { key: 'balance', label: 'Balance' },
  { key: 'monthlyInterest', label: 'Monthly Interest' },
];

type OpenDialog = { kind: UserAction; user: AdminUserItem } | null;

function BankingDetails({ user }: { user: AdminUserItem }) {
  if (!user.beneficiaryName && !user.iban && !user.swift) {
    return <Text color="fg.muted">Not provided</Text>;
  }
  return (
    <Stack gap="0" textStyle="xs">
      <Text>{user.beneficiaryName ?? '-'}</Text>
      <Text fontFamily="mono" wordBreak="break-all">
        {user.iban ?? '-'}
      </Text>
      <Text fontFamily="mono">{user.swift ?? '-'}</Text>
    </Stack>
  );
}

/** A user as a card, on phones. */
function UserCard({ user, onAction }: { user: AdminUserItem; onAction: (action: UserAction) => void }) {
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="user-card">
      <HStack justify="space-between" align="start">
        <Stack gap="0">
          <Text fontWeight="semibold">{user.name}</Text>
          <Text textStyle="xs" color="fg.muted">
            {userNumber(user.id)} · {user.email}
          </Text>
        </Stack>
        <UserActionsMenu user={user} onAction={onAction} />
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" gap="1">
        <DataList.Item>
          <DataList.ItemLabel>Reference Code</DataList.ItemLabel>
          <DataList.ItemValue fontFamily="mono">{user.referenceCode}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Balance</DataList.ItemLabel>
          <DataList.ItemValue>{formatUsd(user.balance)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Monthly Interest</DataList.ItemLabel>
          <DataList.ItemValue>{formatUsd(user.monthlyInterest)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Banking Details</DataList.ItemLabel>
          <DataList.ItemValue>
            <BankingDetails user={user} />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}

interface UsersTableProps {
  data: AdminUsersResponse | undefined;
  page: AdminUsersPage;
  onPageChange: (page: AdminUsersPage) => void;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}

/**
 * The users, one server page at a time: sorting, search and paging are the server's (10,000 users are
 * never sent to the browser at once), so a sorted column orders every user, not just this page. Every
 * column fits a desktop screen (the actions are one menu per row); phones get a card per user.
 */
export function UsersTable({ data, page, onPageChange, loading, error, onRetry }: UsersTableProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const wide = useWideScreen();
  const rows = data?.users ?? [];
  const cardsShown = useRevealedCount(rows.length);
  const close = () => setDialog(null);
  const search = useCallback(
    (text: string) => onPageChange({ ...page, search: text, offset: 0 }),
    [page, onPageChange],
  );
  const act = (user: AdminUserItem) => (kind: UserAction) => setDialog({ kind, user });

  return (
    <Card.Root as="section" aria-label="User Management">
      <Card.Header>
        <Card.Title as="h2">User Management</Card.Title>
      </Card.Header>
      <Card.Body>
        <ListFilters>
          <SearchField label="Search users" value={page.search} onSearch={search} />
        </ListFilters>
        {error && !data && <LoadError what="the users" onRetry={onRetry} />}
        {wide ? (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Users">
              <Table.Header>
                <Table.Row>
                  {SORTABLE.map(({ key, label }) => {
                    const active = page.sort === key;
                    return (
                      <Table.ColumnHeader
                        key={key}
                        px="1"
                        aria-sort={active ? (page.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                      >
                        <Button
                          variant="ghost"
                          size="xs"
                          px="1"
                          whiteSpace="normal"
                          textAlign="start"
                          onClick={() => onPageChange({ ...page, ...nextSort(page, key), offset: 0 })}
                        >
                          {label}
                          {active ? (page.order === 'asc' ? ' ▲' : ' ▼') : ''}
                        </Button>
                      </Table.ColumnHeader>
                    );
                  })}
                  <Table.ColumnHeader>Banking Details</Table.ColumnHeader>
                  <Table.ColumnHeader>Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {loading
                  ? [0, 1, 2].map((row) => (
                      <Table.Row key={row}>
                        {Array.from({ length: 8 }, (_, cell) => (
                          <Table.Cell key={cell}>
                            <Skeleton height="4" />
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))
                  : rows.map((user) => (
                      <Table.Row key={user.id} data-testid="user-row">
                        <Table.Cell>{userNumber(user.id)}</Table.Cell>
                        <Table.Cell>{user.name}</Table.Cell>
                        <Table.Cell wordBreak="break-all">{user.email}</Table.Cell>
                        <Table.Cell fontFamily="mono">{user.referenceCode}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatUsd(user.balance)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatUsd(user.monthlyInterest)}</Table.Cell>
                        <Table.Cell>
                          <BankingDetails user={user} />
                        </Table.Cell>
                        <Table.Cell>
                          <UserActionsMenu user={user} onAction={act(user)} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Users">
            {rows.slice(0, cardsShown).map((user) => (
              <UserCard key={user.id} user={user} onAction={act(user)} />
            ))}
          </Stack>
        )}
        {!loading && !error && rows.length === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            No users found
          </Text>
        )}
        {rows.length > 0 && (
          <Pager
            offset={page.offset}
            shown={rows.length}
            total={data?.matchingUsers ?? 0}
            pageSize={ADMIN_USERS_PAGE_SIZE}
            noun="users"
            label="User pages"
            onOffsetChange={(offset) => onPageChange({ ...page, offset })}
          />
        )}
      </Card.Body>
      {dialog?.kind === 'deposit' && <ConfirmDepositDialog user={dialog.user} onClose={close} />}
      {(dialog?.kind === 'add' || dialog?.kind === 'subtract') && (
        <BalanceDialog user={dialog.user} operation={dialog.kind} onClose={close} />
      )}
    </Card.Root>
  );
}

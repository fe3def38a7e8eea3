import { Button, Card, Field, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import {
  ADMIN_USERS_PAGE_SIZE,
  formatUsd,
  type AdminUserItem,
  type AdminUserSort,
  type AdminUsersResponse,
  type BalanceOperation,
} from '@savings/contracts';
import { useEffect, useState } from 'react';
import type { AdminUsersPage } from '../api/get-admin-users';
import { userNumber } from '../utils/format';
import { nextSort } from '../utils/sort-users';
import { BalanceDialog, ConfirmDepositDialog } from './balance-dialogs';

/** Typing pauses this long before the search is sent: one request per word, not per key. */
const SEARCH_DELAY_MS = 300;

const SORTABLE: { key: AdminUserSort; label: string }[] = [
  { key: 'id', label: 'User #' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'referenceCode', label: 'Reference Code' },
  { key: 'balance', label: 'Balance' },
  { key: 'monthlyInterest', label: 'Monthly Interest' },
];

type OpenDialog = { kind: BalanceOperation | 'deposit'; user: AdminUserItem } | null;

function BankingDetails({ user }: { user: AdminUserItem }) {
  if (!user.beneficiaryName && !user.iban && !user.swift) {
    return <Text color="fg.muted">Not provided</Text>;
  }
  return (
    <Stack gap="0" textStyle="xs">
      <Text>{user.beneficiaryName ?? '-'}</Text>
      <Text fontFamily="mono">{user.iban ?? '-'}</Text>
      <Text fontFamily="mono">{user.swift ?? '-'}</Text>
    </Stack>
  );
}

interface UsersTableProps {
  data: AdminUsersResponse | undefined;
  page: AdminUsersPage;
  onPageChange: (page: AdminUsersPage) => void;
  loading: boolean;
}

/**
 * The users, one server page at a time: sorting, search and paging are the server's (10,000 users are
 * never sent to the browser at once), so a sorted column orders every user, not just this page.
 */
export function UsersTable({ data, page, onPageChange, loading }: UsersTableProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [search, setSearch] = useState(page.search);
  const rows = data?.users ?? [];
  const close = () => setDialog(null);

  useEffect(() => {
    if (search === page.search) return undefined;
    const timer = setTimeout(() => onPageChange({ ...page, search, offset: 0 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, page, onPageChange]);

  const matching = data?.matchingUsers ?? 0;
  const pageCount = Math.max(1, Math.ceil(matching / ADMIN_USERS_PAGE_SIZE));
  const pageNumber = Math.floor(page.offset / ADMIN_USERS_PAGE_SIZE) + 1;
  const goTo = (number: number) => onPageChange({ ...page, offset: (number - 1) * ADMIN_USERS_PAGE_SIZE });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>User Management</Card.Title>
      </Card.Header>
      <Card.Body>
        <Field.Root maxW="sm" mb="4">
          <Field.Label>Search users</Field.Label>
          <Input
            type="search"
            placeholder="Name, email or reference code"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field.Root>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Users">
            <Table.Header>
              <Table.Row>
                {SORTABLE.map(({ key, label }) => {
                  const active = page.sort === key;
                  return (
                    <Table.ColumnHeader
                      key={key}
                      aria-sort={active ? (page.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <Button
                        variant="ghost"
                        size="xs"
                        px="1"
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
                      <Table.Cell>{user.email}</Table.Cell>
                      <Table.Cell fontFamily="mono">{user.referenceCode}</Table.Cell>
                      <Table.Cell>{formatUsd(user.balance)}</Table.Cell>
                      <Table.Cell>{formatUsd(user.monthlyInterest)}</Table.Cell>
                      <Table.Cell>
                        <BankingDetails user={user} />
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="1" wrap="wrap">
                          <Button
                            size="xs"
                            colorPalette="green"
                            aria-label={`Add Balance for ${user.name}`}
                            onClick={() => setDialog({ kind: 'add', user })}
                          >
                            Add
                          </Button>
                          <Button
                            size="xs"
                            colorPalette="red"
                            variant="outline"
                            aria-label={`Remove Balance for ${user.name}`}
                            onClick={() => setDialog({ kind: 'subtract', user })}
                          >
                            Remove
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`Confirm Deposit for ${user.name}`}
                            onClick={() => setDialog({ kind: 'deposit', user })}
                          >
                            Deposit
                          </Button>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {!loading && rows.length === 0 && (
          <Text color="fg.muted" textAlign="center" py="4">
            No users found
          </Text>
        )}
        {rows.length > 0 && (
          <HStack justify="space-between" wrap="wrap" gap="3" mt="4">
            <Text textStyle="sm" color="fg.muted">
              Showing {page.offset + 1} to {page.offset + rows.length} of {matching} users
            </Text>
            <HStack gap="3">
              <Button size="sm" variant="outline" disabled={pageNumber <= 1} onClick={() => goTo(pageNumber - 1)}>
                Previous
              </Button>
              <Text textStyle="sm">
                Page {pageNumber} of {pageCount}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={pageNumber >= pageCount}
                onClick={() => goTo(pageNumber + 1)}
              >
                Next
              </Button>
            </HStack>
          </HStack>
        )}
      </Card.Body>
      {dialog?.kind === 'deposit' && <ConfirmDepositDialog user={dialog.user} onClose={close} />}
      {(dialog?.kind === 'add' || dialog?.kind === 'subtract') && (
        <BalanceDialog user={dialog.user} operation={dialog.kind} onClose={close} />
      )}
    </Card.Root>
  );
}

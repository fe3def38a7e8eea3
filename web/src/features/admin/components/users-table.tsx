import { Button, Card, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { formatUsd, type AdminUserItem, type BalanceOperation } from '@savings/contracts';
import { useState } from 'react';
import { userNumber } from '../utils/format';
import { DEFAULT_USER_SORT, nextSort, sortUsers, type UserSort, type UserSortKey } from '../utils/sort-users';
import { BalanceDialog, ConfirmDepositDialog } from './balance-dialogs';

const SORTABLE: { key: UserSortKey; label: string }[] = [
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

export function UsersTable({ users, loading }: { users: AdminUserItem[] | undefined; loading: boolean }) {
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const rows = sortUsers(users ?? [], sort);
  const close = () => setDialog(null);

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>User Management</Card.Title>
      </Card.Header>
      <Card.Body>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Users">
            <Table.Header>
              <Table.Row>
                {SORTABLE.map(({ key, label }) => {
                  const active = sort.key === key;
                  return (
                    <Table.ColumnHeader
                      key={key}
                      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <Button
                        variant="ghost"
                        size="xs"
                        px="1"
                        onClick={() => setSort((current) => nextSort(current, key))}
                      >
                        {label}
                        {active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
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
      </Card.Body>
      {dialog?.kind === 'deposit' && <ConfirmDepositDialog user={dialog.user} onClose={close} />}
      {(dialog?.kind === 'add' || dialog?.kind === 'subtract') && (
        <BalanceDialog user={dialog.user} operation={dialog.kind} onClose={close} />
      )}
    </Card.Root>
  );
}

import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Progress,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  BANK_STATEMENT_MAX_BYTES,
  formatUsd,
  type BankStatementEntry,
  type BankStatementEntryStatus,
  type BankStatementSummary,
} from '@savings/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pager } from '../../../components/pager';
import { toastError, toastSuccess } from '../../../components/toaster';
import { failureText } from '../../../lib/api-client';
import { useRedirectOnUnauthenticated } from '../../../lib/query-retry';
import {
  STATEMENT_ENTRIES_PAGE,
  uploadStatement,
  useBankStatement,
  useBankStatements,
  useCreditEntry,
  useCreditSuggested,
  useCustomerSearch,
  useIgnoreEntry,
  useUnmatchedPayouts,
  bankStatementKeys,
  type StatementPage,
} from '../api/bank-statements';
import { formatDateGb } from '../utils/format';
import { AdminDialog } from './admin-dialog';
import { FilterSelect, ListFilters, SearchField } from './list-filters';

const STATUS_FILTERS: readonly { value: BankStatementEntryStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'suggested', label: 'Suggested' },
  { value: 'unmatched', label: 'Unmatched' },
  { value: 'credited', label: 'Credited' },
  { value: 'ignored', label: 'Ignored' },
  { value: 'paid-out', label: 'Paid out' },
];

const STATUS_PALETTE: Record<BankStatementEntryStatus, string> = {
  suggested: 'blue',
  unmatched: 'orange',
  credited: 'green',
  ignored: 'gray',
  'paid-out': 'purple',
};

type UploadState =
  { phase: 'idle' } | { phase: 'uploading'; fraction: number; name: string } | { phase: 'importing'; name: string };

/** Drag a camt.053 or CSV file here, or pick one; the bar shows the upload, then the import. */
function StatementUpload({ onImported }: { onImported: (statement: BankStatementSummary) => void }) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const send = (file: File) => {
    if (file.size > BANK_STATEMENT_MAX_BYTES) {
      toastError('Statement not imported', 'The statement is larger than 5 MB.');
      return;
    }
    setState({ phase: 'uploading', fraction: 0, name: file.name });
    uploadStatement(file, (fraction) =>
      setState(
        fraction >= 1 ? { phase: 'importing', name: file.name } : { phase: 'uploading', fraction, name: file.name },
      ),
    )
      .then((result) => {
        const s = result.statement;
        toastSuccess(
          result.created ? 'Statement imported' : 'Nothing new in this statement',
          result.created
            ? `${s.entries} entries: ${s.suggested} suggested, ${s.unmatched} unmatched` +
                (s.alreadyImported ? `, ${s.alreadyImported} already imported` : '')
            : `All ${s.alreadyImported ?? s.entries} entries were imported before`,
        );
        onImported(s);
        void queryClient.invalidateQueries({ queryKey: bankStatementKeys.all });
      })
      .catch((error: unknown) => toastError('Statement not imported', failureText(error)))
      .finally(() => {
        setState({ phase: 'idle' });
        if (input.current) input.current.value = '';
      });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && state.phase === 'idle') send(file);
  };

  return (
    <Box
      data-testid="statement-dropzone"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'blue.500' : 'border'}
      rounded="md"
      p="5"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {state.phase === 'idle' ? (
        <Stack gap="2" align="center" textAlign="center">
          <Text>Drop a camt.053 (XML) or CSV statement here, up to 5 MB</Text>
          <input
            ref={input}
            type="file"
            accept=".xml,.csv,application/xml,text/xml,text/csv"
            aria-label="Statement file"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) send(file);
            }}
          />
          <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
            Choose a file
          </Button>
        </Stack>
      ) : (
        <Stack gap="2" role="status" aria-live="polite">
          <Text textStyle="sm">
            {state.phase === 'uploading'
              ? `Uploading ${state.name}: ${Math.round(state.fraction * 100)}%`
              : `Importing and matching ${state.name}...`}
          </Text>
          <Progress.Root
            value={state.phase === 'uploading' ? Math.round(state.fraction * 100) : null}
            aria-label="Statement import progress"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
    </Box>
  );
}

/** Assigns an unmatched line to a customer found by name, e-mail or reference code, and credits it. */
function AssignDialog({ entry, onClose }: { entry: BankStatementEntry; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const customers = useCustomerSearch(search);
  const credit = useCreditEntry();
  return (
    <AdminDialog
      open
      title="Assign to a customer"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={credit.isPending}>
            Cancel
          </Button>
          <Button
            colorPalette="blue"
            disabled={!chosen}
            loading={credit.isPending}
            onClick={() => {
              if (!chosen) return;
              credit.mutate(
                { entry, body: { userId: chosen.id } },
                {
                  onSuccess: (result) => {
                    if (result.approval) toastSuccess('Approval requested', 'A second admin must approve this credit');
                    else toastSuccess('Deposit Confirmed', `${formatUsd(entry.amount)} credited to ${chosen.name}`);
                    onClose();
                  },
                  onError: (error) => toastError('Error crediting the line', failureText(error)),
                },
              );
            }}
          >
            Credit {formatUsd(entry.amount)}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text textStyle="sm" color="fg.muted">
          {entry.remittance || 'No remittance text'}
          {entry.counterpartyName ? ` (from ${entry.counterpartyName})` : ''}
        </Text>
        <SearchField label="Find the customer" value={search} onSearch={setSearch} />
        <Stack as="ul" gap="1" listStyleType="none" ms="0">
          {customers.data?.users.map((user) => (
            <li key={user.id}>
              <Button
                size="sm"
                width="full"
                justifyContent="start"
                variant={chosen?.id === user.id ? 'solid' : 'ghost'}
                aria-pressed={chosen?.id === user.id}
                onClick={() => setChosen({ id: user.id, name: user.name })}
              >
                {user.name} · {user.email} · {user.referenceCode}
              </Button>
            </li>
          ))}
          {search.trim().length >= 2 && customers.data?.users.length === 0 && (
            <Text textStyle="sm" color="fg.muted">
              No customer found
            </Text>
          )}
        </Stack>
      </Stack>
    </AdminDialog>
  );
}

function IgnoreDialog({ entry, onClose }: { entry: BankStatementEntry; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const ignore = useIgnoreEntry();
  return (
    <AdminDialog
      open
      title="Ignore this line"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={ignore.isPending}>
            Cancel
          </Button>
          <Button
            disabled={reason.trim() === ''}
            loading={ignore.isPending}
            onClick={() =>
              ignore.mutate(
                { entry, reason: reason.trim() },
                {
                  onSuccess: () => {
                    toastSuccess('Line ignored', reason.trim());
                    onClose();
                  },
                  onError: (error) => toastError('Error ignoring the line', failureText(error)),
                },
              )
            }
          >
            Ignore
          </Button>
        </>
      }
    >
      <Field.Root required>
        <Field.Label>Reason</Field.Label>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      </Field.Root>
    </AdminDialog>
  );
}

/** What the line is matched to, or why not. */
function MatchText({ entry }: { entry: BankStatementEntry }) {
  if (entry.status === 'credited') return <Text>{entry.userName ?? `User ${entry.userId}`}</Text>;
  if (entry.status === 'paid-out') return <Text>WITHDRAWAL-{entry.withdrawalId}</Text>;
  if (entry.status === 'suggested') {
    return (
      <Text>
        {entry.userName}:{' '}
        {entry.suggestion?.kind === 'deposit-request'
          ? `confirm deposit request ${entry.suggestion.depositRequestId}`
          : 'direct deposit'}
      </Text>
    );
  }
  return <Text color="fg.muted">{entry.reason}</Text>;
}

function EntriesTable({
  entries,
  onAssign,
  onIgnore,
}: {
  entries: BankStatementEntry[];
  onAssign: (entry: BankStatementEntry) => void;
  onIgnore: (entry: BankStatementEntry) => void;
}) {
  const credit = useCreditEntry();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {['Date', 'Amount', 'Remittance', 'Counterparty', 'Status', 'Match', 'Actions'].map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => {
            const creditable =
              entry.direction === 'credit' &&
              entry.currency === 'USD' &&
              entry.approvalId === null &&
              (entry.status === 'suggested' || entry.status === 'unmatched');
            return (
              <Table.Row key={entry.id} data-testid="statement-entry" data-status={entry.status}>
                <Table.Cell whiteSpace="nowrap">
                  {entry.bookingDate ? entry.bookingDate.split('-').reverse().join('/') : '-'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" fontWeight="semibold">
                  {entry.direction === 'debit' ? '-' : ''}
                  {entry.currency === 'USD' ? formatUsd(entry.amount) : `${entry.amount.toFixed(2)} ${entry.currency}`}
                </Table.Cell>
                <Table.Cell maxW="xs" wordBreak="break-word">
                  {entry.remittance || '-'}
                </Table.Cell>
                <Table.Cell>{entry.counterpartyName ?? '-'}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_PALETTE[entry.status]}>
                    {STATUS_FILTERS.find((filter) => filter.value === entry.status)?.label}
                  </Badge>
                </Table.Cell>
                <Table.Cell maxW="xs">
                  <MatchText entry={entry} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    {entry.approvalId !== null && <Badge colorPalette="yellow">Awaiting approval</Badge>}
                    {entry.status === 'suggested' && entry.approvalId === null && (
                      <Button
                        size="xs"
                        colorPalette="blue"
                        loading={credit.isPending && credit.variables?.entry.id === entry.id}
                        onClick={() =>
                          credit.mutate(
                            { entry, body: {} },
                            {
                              onSuccess: (result) =>
                                result.approval
                                  ? toastSuccess('Approval requested', 'A second admin must approve this credit')
                                  : toastSuccess(
                                      'Deposit Confirmed',
                                      `${formatUsd(entry.amount)} credited to ${entry.userName}`,
                                    ),
                              onError: (error) => toastError('Error crediting the line', failureText(error)),
                            },
                          )
                        }
                      >
                        Credit
                      </Button>
                    )}
                    {creditable && (
                      <Button size="xs" variant="outline" onClick={() => onAssign(entry)}>
                        Assign
                      </Button>
                    )}
                    {(entry.status === 'suggested' || entry.status === 'unmatched') && (
                      <Button size="xs" variant="ghost" onClick={() => onIgnore(entry)}>
                        Ignore
                      </Button>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Paid payout items with no matching bank debit after 5 business days. */
function UnmatchedPayouts() {
  const payouts = useUnmatchedPayouts();
  if (!payouts.data) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Payouts without a bank debit after 5 business days
      </Heading>
      {payouts.data.payouts.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          Every payout older than 5 business days has its bank debit.
        </Text>
      ) : (
        <Table.Root size="sm" data-testid="unmatched-payouts">
          <Table.Header>
            <Table.Row>
              {['End-to-end id', 'Customer', 'Amount', 'Paid'].map((column) => (
                <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {payouts.data.payouts.map((payout) => (
              <Table.Row key={payout.withdrawalId}>
                <Table.Cell>{payout.endToEndId}</Table.Cell>
                <Table.Cell>{payout.userName}</Table.Cell>
                <Table.Cell>{formatUsd(payout.amount)}</Table.Cell>
                <Table.Cell>{formatDateGb(payout.paidAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}

/**
 * Bank Statements (issue 18): import the bank's camt.053 or CSV statement, see every line matched to
 * a customer by reference code (or why not), credit one line or all suggested ones through the
 * deposit commands, assign or ignore the rest, and watch payouts the bank has not debited.
 */
export function BankStatements() {
  const statements = useBankStatements();
  useRedirectOnUnauthenticated(statements.error);
  const [selected, setSelected] = useState<number | null>(null);
  const [status, setStatus] = useState<StatementPage['status']>('all');
  const [offset, setOffset] = useState(0);
  const [assigning, setAssigning] = useState<BankStatementEntry | null>(null);
  const [ignoring, setIgnoring] = useState<BankStatementEntry | null>(null);
  const statementId = selected ?? statements.data?.statements[0]?.id ?? null;
  const page = statementId === null ? null : { statementId, status, offset };
  const statement = useBankStatement(page);
  const creditAll = useCreditSuggested();
  const summary = statement.data?.statement;

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Bank Statements
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Import the bank&apos;s statement; lines quoting a customer&apos;s reference code are matched for you.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <StatementUpload
            onImported={(imported) => {
              setSelected(imported.id);
              setStatus('all');
              setOffset(0);
            }}
          />
          {statements.error && <LoadError what="the bank statements" onRetry={() => void statements.refetch()} />}
          {statements.data && statements.data.statements.length === 0 && (
            <Text color="fg.muted">No statements imported yet</Text>
          )}
          {statements.data && statements.data.statements.length > 0 && statementId !== null && (
            <>
              <ListFilters>
                <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
                  <Field.Label>Statement</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={statementId}
                      onChange={(event) => {
                        setSelected(Number(event.target.value));
                        setOffset(0);
                      }}
                    >
                      {statements.data.statements.map((s) => (
                        <option key={s.id} value={s.id}>
                          #{s.id} {s.format} {s.from ?? ''}
                          {s.to && s.to !== s.from ? ` to ${s.to}` : ''} ({s.entries} lines)
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <FilterSelect
                  label="Status"
                  value={status}
                  options={STATUS_FILTERS}
                  onChange={(value) => {
                    setStatus(value);
                    setOffset(0);
                  }}
                />
                <Button
                  size="sm"
                  colorPalette="blue"
                  disabled={!summary || summary.suggested === 0}
                  loading={creditAll.isPending}
                  onClick={() =>
                    creditAll.mutate(statementId, {
                      onSuccess: (result) =>
                        toastSuccess(
                          'Suggested lines credited',
                          `${result.credited} credited, ${result.awaitingApproval} awaiting approval, ${result.skipped.length} skipped`,
                        ),
                      onError: (error) => toastError('Error crediting suggested lines', failureText(error)),
                    })
                  }
                >
                  Credit all suggested{summary ? ` (${summary.suggested})` : ''}
                </Button>
              </ListFilters>
              {summary && (
                <Text textStyle="sm" color="fg.muted" data-testid="statement-summary">
                  {summary.accountIban ?? 'Account not stated'} · {summary.credits} credits, {summary.debits} debits ·{' '}
                  {summary.suggested} suggested, {summary.unmatched} unmatched, {summary.credited} credited
                </Text>
              )}
              {statement.error && <LoadError what="the statement lines" onRetry={() => void statement.refetch()} />}
              {statement.data && statement.data.entries.length === 0 && (
                <Text color="fg.muted">No lines with this status</Text>
              )}
              {statement.data && statement.data.entries.length > 0 && (
                <>
                  <EntriesTable entries={statement.data.entries} onAssign={setAssigning} onIgnore={setIgnoring} />
                  <Pager
                    offset={offset}
                    shown={statement.data.entries.length}
                    total={statement.data.total}
                    pageSize={STATEMENT_ENTRIES_PAGE}
                    noun="lines"
                    label="Statement lines pages"
                    onOffsetChange={setOffset}
                  />
                </>
              )}
            </>
          )}
          <UnmatchedPayouts />
        </Stack>
      </Card.Body>
      {assigning && <AssignDialog entry={assigning} onClose={() => setAssigning(null)} />}
      {ignoring && <IgnoreDialog entry={ignoring} onClose={() => setIgnoring(null)} />}
    </Card.Root>
  );
}

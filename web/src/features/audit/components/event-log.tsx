import { Button, Card, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LOG_EXPORT_URL, LOG_PAGE, useAuditLog } from '../api/audit-api';

const short = (hash: string) => `${hash.slice(0, 10)}…`;

/** The event log page by page: each event's hash, the previous hash of its stream and its block. */
export function EventLog() {
  const [pages, setPages] = useState<number[]>([0]);
  const [filter, setFilter] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const after = pages[pages.length - 1];
  const log = useAuditLog(after, userId);

  const applyFilter = (event: React.FormEvent) => {
    event.preventDefault();
    setUserId(/^[1-9]\d{0,9}$/.test(filter.trim()) ? Number(filter.trim()) : null);
    setPages([0]);
  };

  return (
    <Card.Root>
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="lg">
            Event log
          </Heading>
          <Button asChild variant="outline" size="sm">
            <a href={LOG_EXPORT_URL} download>
              Export the log (JSON Lines)
            </a>
          </Button>
        </HStack>
        <Text color="fg.muted" textStyle="sm">
          Check an exported file anywhere, without the database: <code>npm run ledger -- verify --file log.jsonl</code>.
        </Text>
        <form onSubmit={applyFilter}>
          <HStack gap="3" align="end">
            <Field.Root maxW="60">
              <Field.Label>Account (user id)</Field.Label>
              <Input
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="all accounts"
                inputMode="numeric"
              />
            </Field.Root>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </HStack>
        </form>
        {log.isError && (
          <Text color="fg.error" role="alert">
            {log.error instanceof Error ? log.error.message : 'Unable to load the log'}
          </Text>
        )}
        {log.data && (
          <Stack gap="3">
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label="Event log">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Seq</Table.ColumnHeader>
                    <Table.ColumnHeader>Stream</Table.ColumnHeader>
                    <Table.ColumnHeader>Version</Table.ColumnHeader>
                    <Table.ColumnHeader>Type</Table.ColumnHeader>
                    <Table.ColumnHeader>Effective</Table.ColumnHeader>
                    <Table.ColumnHeader>Block</Table.ColumnHeader>
                    <Table.ColumnHeader>Hash</Table.ColumnHeader>
                    <Table.ColumnHeader>Previous hash</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {log.data.events.map((event) => (
                    <Table.Row key={event.seq}>
                      <Table.Cell>{event.seq}</Table.Cell>
                      <Table.Cell>{event.streamId}</Table.Cell>
                      <Table.Cell>{event.version}</Table.Cell>
                      <Table.Cell>{event.type}</Table.Cell>
                      <Table.Cell>{new Date(event.occurredAt).toLocaleString()}</Table.Cell>
                      <Table.Cell>{event.block ?? 'not sealed yet'}</Table.Cell>
                      <Table.Cell fontFamily="mono" title={event.hash}>
                        {short(event.hash)}
                      </Table.Cell>
                      <Table.Cell fontFamily="mono" title={event.prevHash}>
                        {short(event.prevHash)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text textStyle="sm" color="fg.muted">
                {log.data.events.length === 0
                  ? 'No events.'
                  : `Seq ${log.data.events[0].seq} to ${log.data.events[log.data.events.length - 1].seq} of ${log.data.lastSeq}`}
              </Text>
              <HStack gap="3">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pages.length <= 1}
                  onClick={() => setPages(pages.slice(0, -1))}
                >
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={log.data.nextAfter === null}
                  onClick={() => setPages([...pages, log.data.nextAfter ?? after])}
                >
                  Next
                </Button>
              </HStack>
            </HStack>
            <Text textStyle="xs" color="fg.muted">
              Up to {LOG_PAGE} events a page.
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

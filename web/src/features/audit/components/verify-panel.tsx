import { Badge, Box, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { VerifyRun } from '@savings/contracts';
import { useStartVerifyRun, useVerifyRun, useVerifyRuns } from '../api/audit-api';

const STATUS_COLOR = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' } as const;

function RunProgress({ run }: { run: VerifyRun }) {
  const progress = run.progress;
  const percent =
    progress && progress.eventsTotal > 0 ? Math.floor((progress.eventsRead * 100) / progress.eventsTotal) : 0;
  return (
    <Stack gap="2">
      <HStack gap="3">
        <Badge colorPalette={STATUS_COLOR[run.status]}>{run.status}</Badge>
        <Text textStyle="sm" color="fg.muted">
          Run {run.id}, asked by {run.requestedBy} at {new Date(run.requestedAt).toLocaleString()}
        </Text>
      </HStack>
      {run.status !== 'completed' && (
        <Stack gap="1">
          <Text textStyle="sm">
            {progress
              ? `${progress.stage}: ${progress.eventsRead.toLocaleString()} of ${progress.eventsTotal.toLocaleString()} events`
              : 'Waiting for a worker…'}
          </Text>
          <Box
            role="progressbar"
            aria-label="Verify progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            h="2"
            bg="gray.100"
            borderRadius="full"
            overflow="hidden"
          >
            <Box h="full" w={`${percent}%`} bg="blue.600" transition="width 0.3s" />
          </Box>
        </Stack>
      )}
      {run.error && (
        <Text color="fg.error" role="alert">
          {run.error}
        </Text>
      )}
      {run.report && (
        <Stack gap="2">
          <Text fontWeight="semibold" color={run.report.ok ? 'green.700' : 'red.700'}>
            {run.report.ok ? 'Ledger verified: every check passed.' : 'Ledger verification FAILED.'}
          </Text>
          <Table.Root size="sm" aria-label="Verify checks">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Check</Table.ColumnHeader>
                <Table.ColumnHeader>Result</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Checked</Table.ColumnHeader>
                <Table.ColumnHeader>Detail</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {run.report.checks.map((check) => (
                <Table.Row key={check.name}>
                  <Table.Cell>{check.name}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={check.ok ? 'green' : 'red'}>{check.ok ? 'ok' : 'FAILED'}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{check.checked.toLocaleString()}</Table.Cell>
                  <Table.Cell>
                    {check.detail}
                    {check.firstBadSeq ? ` (first bad seq ${check.firstBadSeq})` : ''}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      )}
    </Stack>
  );
}

/** Runs `ledger verify` as a background job and follows it until each check has its result. */
export function VerifyPanel() {
  const runs = useVerifyRuns();
  const start = useStartVerifyRun();
  const [startedId, setStartedId] = useState<string | null>(null);
  const shownId = startedId ?? runs.data?.runs[0]?.id ?? null;
  const run = useVerifyRun(shownId);

  return (
    <Card.Root>
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="lg">
            Verify the ledger
          </Heading>
          <Button
            colorPalette="blue"
            loading={start.isPending}
            disabled={run.data?.run.status === 'running' || run.data?.run.status === 'queued'}
            onClick={() => start.mutate(undefined, { onSuccess: (data) => setStartedId(data.run.id) })}
          >
            Run verify
          </Button>
        </HStack>
        <Text color="fg.muted" textStyle="sm">
          Hash chains, sealed blocks, postings summing to zero, balances against their events, and a replay against the
          read models: the same checks as <code>npm run ledger -- verify</code>, run by a worker in the background.
        </Text>
        {start.isError && (
          <Text color="fg.error" role="alert">
            {start.error.message}
          </Text>
        )}
        {run.data ? <RunProgress run={run.data.run} /> : <Text color="fg.muted">No verify run yet.</Text>}
      </Card.Body>
    </Card.Root>
  );
}

import { Code, Container, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatCentsUsd } from '@savings/contracts';
import { LoadError } from '../../components/load-error';
import { useDocumentHead } from '../../components/use-document-head';
import { useProofRoots } from './api/get-proof-roots';

/** The public list of committed proof-of-liabilities roots and totals (api-contract.md section 13). */
export function Component() {
  useDocumentHead({
    title: 'Proof of liabilities — Savings Platform',
    description: 'Every published Merkle sum tree root of the customer balances and their total.',
  });
  const roots = useProofRoots();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            Proof of liabilities
          </Heading>
          <Text color="fg.muted">
            After each day&apos;s interest run we commit every customer balance to a Merkle sum tree and publish its
            root and total here; the root is also sealed in our ledger&apos;s hash chain. Each customer can check, from
            their dashboard or offline, that their balance is counted in the total, without seeing anyone else&apos;s.
            For a date with several commitments, the last one made stands.
          </Text>
        </Stack>
        {roots.isPending && <Text color="fg.muted">Loading the published roots...</Text>}
        {roots.isError && (
          <LoadError
            message="Unable to load the published roots. Please try again."
            onRetry={() => void roots.refetch()}
            retrying={roots.isRefetching}
          />
        )}
        {roots.isSuccess && roots.data.roots.length === 0 && <Text>No root has been published yet.</Text>}
        {roots.isSuccess && roots.data.roots.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="proof-roots">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Taken at (UTC)</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total owed to customers</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Accounts</Table.ColumnHeader>
                  <Table.ColumnHeader>Root</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {roots.data.roots.map((root) => (
                  <Table.Row key={`${root.date}-${root.root}`}>
                    <Table.Cell>{root.date}</Table.Cell>
                    <Table.Cell>{root.at.replace('T', ' ').replace(/\.\d+Z$/, '')}</Table.Cell>
                    <Table.Cell textAlign="end">{formatCentsUsd(root.total)}</Table.Cell>
                    <Table.Cell textAlign="end">{root.leafCount.toLocaleString('en-US')}</Table.Cell>
                    <Table.Cell>
                      <Code wordBreak="break-all">{root.root}</Code>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </Container>
  );
}

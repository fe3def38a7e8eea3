import { Card, Code, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import { LoadError } from '../../../components/load-error';
import { payoutFileUrl, usePayoutFiles } from '../api/get-payout-files';
import { formatDateGb } from '../utils/format';

/**
 * The bank payout files of the monthly job: each file's CSV and pain.001 XML as stored, with the
 * SHA-256 its ledger event records (the download's ETag), so a file handed to the bank can be checked
 * against the ledger. The queue board beside it only shows jobs.
 */
export function PayoutFiles() {
  const files = usePayoutFiles();
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title as="h2">Payout Files</Card.Title>
          <Link href="/api/admin/queues" target="_blank" rel="noopener" fontSize="sm">
            Job queues (read-only)
          </Link>
        </HStack>
      </Card.Header>
      <Card.Body>
        {files.isPending ? (
          <Stack gap="2">
            <Skeleton height="6" />
            <Skeleton height="6" />
          </Stack>
        ) : files.error ? (
          <LoadError what="the payout files" onRetry={() => void files.refetch()} retrying={files.isFetching} />
        ) : files.data.payoutFiles.length === 0 ? (
          <Text color="fg.muted">No payout files yet</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Payout Files">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>File</Table.ColumnHeader>
                  <Table.ColumnHeader>Payout Date</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Withdrawals</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                  <Table.ColumnHeader>Issued</Table.ColumnHeader>
                  <Table.ColumnHeader>Downloads (SHA-256)</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {files.data.payoutFiles.map((file) => (
                  <Table.Row key={file.id}>
                    <Table.Cell>#{file.id}</Table.Cell>
                    <Table.Cell>{file.payoutDate}</Table.Cell>
                    <Table.Cell textAlign="end">{file.withdrawalCount}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsd(file.total)}</Table.Cell>
                    <Table.Cell>{formatDateGb(file.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="1">
                        {(['csv', 'xml'] as const).map((format) => (
                          <HStack key={format} gap="2">
                            <Link href={payoutFileUrl(file.id, format)} download>
                              {format.toUpperCase()}
                            </Link>
                            <Code fontSize="xs" title={file.sha256[format]}>
                              {file.sha256[format].slice(0, 16)}…
                            </Code>
                          </HStack>
                        ))}
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

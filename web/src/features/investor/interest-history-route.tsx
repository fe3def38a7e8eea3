import { Badge, Button, Card, Container, HStack, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { formatUsd, INTEREST_HISTORY_PAGE_SIZE } from '@savings/contracts';
import { useState } from 'react';
import { LoadError } from '../../components/load-error';
import { useDocumentHead } from '../../components/use-document-head';
import { useRedirectOnUnauthenticated } from '../../lib/query-retry';
import { useInterestPayments } from './api/get-interest-payments';
import { HistoryChart } from './components/history-chart';
import { formatDateTime, formatRatePercent } from './utils/format';
import { pageInfo, summarizeInterest } from './utils/interest-summary';

function SummaryCard({ title, value }: { title: string; value: string }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          {title}
        </Text>
        <Text textStyle="2xl" fontWeight="bold">
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export function InterestHistoryScreen() {
  useDocumentHead({ title: 'Interest Earnings — Savings Platform', robots: 'noindex' });
  const query = useInterestPayments();
  useRedirectOnUnauthenticated(query.error);
  const [page, setPage] = useState(1);
  // the 30-day window is fixed when the data arrives, not on every render
  const [loadedAt] = useState(() => Date.now());

  if (query.isPending) {
    return (
      <Container py="10">
        <Text color="fg.muted">Loading interest history...</Text>
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container py="10">
        <LoadError
          message="Unable to load interest history. Please try refreshing the page."
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      </Container>
    );
  }

  const payments = query.data.interestPayments;
  const summary = summarizeInterest(payments, loadedAt);
  const info = pageInfo(payments.length, page, INTEREST_HISTORY_PAGE_SIZE);
  const rows = payments.slice(info.from - 1, info.to);

  return (
    <Container py="8" maxW="6xl">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Daily Interest Earnings
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SummaryCard title="Total Interest Earned" value={formatUsd(summary.total)} />
          <SummaryCard title="Last 30 Days" value={formatUsd(summary.lastDays)} />
          <SummaryCard title="Total Credits" value={String(summary.count)} />
        </SimpleGrid>
        <HistoryChart show="interest" />
        {payments.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="8">
            No interest earnings yet
          </Text>
        ) : (
          <Stack gap="4">
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label="Interest payments">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Date</Table.ColumnHeader>
                    <Table.ColumnHeader>Balance</Table.ColumnHeader>
                    <Table.ColumnHeader>Interest Rate</Table.ColumnHeader>
                    <Table.ColumnHeader>Interest Amount</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((payment) => (
                    <Table.Row key={payment.id}>
                      <Table.Cell>{formatDateTime(payment.paymentDate)}</Table.Cell>
                      <Table.Cell>{formatUsd(payment.balance)}</Table.Cell>
                      <Table.Cell>{formatRatePercent(payment.interestRate)}</Table.Cell>
                      <Table.Cell>{formatUsd(payment.interestAmount)}</Table.Cell>
                      <Table.Cell>
                        {payment.status === 'paid' ? (
                          <Badge colorPalette="green">Paid</Badge>
                        ) : (
                          <Badge colorPalette="yellow">Pending</Badge>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text textStyle="sm" color="fg.muted">
                Showing {info.from} to {info.to} of {info.total} payments
              </Text>
              <HStack gap="3">
                <Button size="sm" variant="outline" disabled={info.page <= 1} onClick={() => setPage(info.page - 1)}>
                  Previous
                </Button>
                <Text textStyle="sm">
                  Page {info.page} of {info.pageCount}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={info.page >= info.pageCount}
                  onClick={() => setPage(info.page + 1)}
                >
                  Next
                </Button>
              </HStack>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

export function Component() {
  return <InterestHistoryScreen />;
}

import { Button, Card, Container, Heading, HStack, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import { Link } from 'react-router-dom';
import { useRedirectOnUnauthenticated } from '../../lib/query-retry';
import { interestCertificateUrl, statementFileUrl, useStatementMonths } from './api/get-statements';
import { monthLabel, yearsOf } from './utils/statement-months';

/** Monthly statements (CSV, PDF) and yearly interest certificates, every figure from the ledger. */
export function StatementsScreen() {
  const query = useStatementMonths();
  useRedirectOnUnauthenticated(query.error);

  if (query.isPending) {
    return (
      <Container py="10">
        <Text color="fg.muted">Loading statements...</Text>
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container py="10">
        <Text color="fg.error" role="alert">
          Unable to load statements. Please try refreshing the page.
        </Text>
      </Container>
    );
  }

  const months = [...query.data.months].reverse();
  const years = yearsOf(months);
  return (
    <Container py="8" maxW="6xl">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Statements
          </Heading>
          <Text color="fg.muted">
            A statement for every month since your first deposit: the opening balance, every movement with the balance
            after it, and the closing balance. The current month runs to now.
          </Text>
        </Stack>
        {months.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="8">
            No statements yet: your first one appears with your first deposit.
          </Text>
        ) : (
          <>
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label="Monthly statements">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Month</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Opening balance</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Money in</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Money out</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Closing balance</Table.ColumnHeader>
                    <Table.ColumnHeader>Download</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {months.map((m, index) => (
                    <Table.Row key={m.month}>
                      <Table.Cell>
                        {monthLabel(m.month)}
                        {index === 0 ? ' (to date)' : ''}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatUsd(m.opening)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatUsd(m.credits)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatUsd(m.debits)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatUsd(m.closing)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="3">
                          <ChakraLink
                            href={statementFileUrl(m.month, 'pdf')}
                            download
                            color="blue.700"
                            aria-label={`PDF statement for ${monthLabel(m.month)}`}
                          >
                            PDF
                          </ChakraLink>
                          <ChakraLink
                            href={statementFileUrl(m.month, 'csv')}
                            download
                            color="blue.700"
                            aria-label={`CSV statement for ${monthLabel(m.month)}`}
                          >
                            CSV
                          </ChakraLink>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Card.Root>
              <Card.Body gap="3">
                <Heading as="h2" size="lg">
                  Interest certificates
                </Heading>
                <Text color="fg.muted">
                  The interest credited in a year, per month and in total, for your tax return.
                </Text>
                <HStack gap="3" wrap="wrap">
                  {years.map((year) => (
                    <Button key={year} asChild variant="outline" size="sm">
                      <a href={interestCertificateUrl(year)} download>
                        Interest certificate {year}
                      </a>
                    </Button>
                  ))}
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}
        <Button asChild alignSelf="start" variant="ghost">
          <Link to="/dashboard">← Back to dashboard</Link>
        </Button>
      </Stack>
    </Container>
  );
}

export function Component() {
  return <StatementsScreen />;
}

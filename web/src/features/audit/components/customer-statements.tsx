import { Button, Card, Field, Heading, HStack, Input, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import { useState } from 'react';
import { customerCertificateUrl, customerStatementUrl, useCustomerStatements } from '../api/audit-api';

/** Any customer's monthly statements and interest certificates, read-only. */
export function CustomerStatements() {
  const [input, setInput] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const statements = useCustomerStatements(userId);
  const months = [...(statements.data?.months ?? [])].reverse();
  const years = [...new Set(months.map((m) => m.month.slice(0, 4)))];

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Customer statements
        </Heading>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setUserId(/^[1-9]\d{0,9}$/.test(input.trim()) ? Number(input.trim()) : null);
          }}
        >
          <HStack gap="3" align="end">
            <Field.Root maxW="40">
              <Field.Label>Customer (user id)</Field.Label>
              <Input value={input} onChange={(e) => setInput(e.target.value)} inputMode="numeric" />
            </Field.Root>
            <Button type="submit" variant="outline">
              Show statements
            </Button>
          </HStack>
        </form>
        {statements.isError && (
          <Text color="fg.error" role="alert">
            {statements.error.message}
          </Text>
        )}
        {userId !== null && statements.data && months.length === 0 && (
          <Text color="fg.muted">No statements for this customer.</Text>
        )}
        {userId !== null && months.length > 0 && (
          <>
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label="Customer statements">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Month</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Opening</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Closing</Table.ColumnHeader>
                    <Table.ColumnHeader>Download</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {months.map((m) => (
                    <Table.Row key={m.month}>
                      <Table.Cell>{m.month}</Table.Cell>
                      <Table.Cell textAlign="end">{formatUsd(m.opening)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatUsd(m.closing)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="3">
                          <ChakraLink href={customerStatementUrl(userId, m.month, 'pdf')} download color="blue.700">
                            PDF
                          </ChakraLink>
                          <ChakraLink href={customerStatementUrl(userId, m.month, 'csv')} download color="blue.700">
                            CSV
                          </ChakraLink>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HStack gap="3" wrap="wrap">
              {years.map((year) => (
                <Button key={year} asChild size="sm" variant="outline">
                  <a href={customerCertificateUrl(userId, year)} download>
                    Interest certificate {year}
                  </a>
                </Button>
              ))}
            </HStack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

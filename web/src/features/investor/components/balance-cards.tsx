import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { ANNUAL_INTEREST_RATE, formatUsd } from '@savings/contracts';

function AmountCard({ title, amount, note, testId }: { title: string; amount: number; note: string; testId: string }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          {title}
        </Text>
        <Text textStyle="2xl" fontWeight="bold" data-testid={testId}>
          {formatUsd(amount)}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {note}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export function BalanceCards({ balance, monthlyInterest }: { balance: number; monthlyInterest: number }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <AmountCard
        title="Current Balance"
        testId="current-balance"
        amount={balance}
        note="Available in your savings account"
      />
      <AmountCard
        title="Monthly Interest Earned"
        testId="monthly-interest"
        amount={monthlyInterest}
        note="7% annual interest rate"
      />
      <AmountCard
        title="Annual Interest Projection"
        testId="annual-projection"
        amount={balance * ANNUAL_INTEREST_RATE}
        note="Projected earnings at 7% per year"
      />
    </SimpleGrid>
  );
}

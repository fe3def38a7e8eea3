import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { formatUsd, type AdminUsersResponse } from '@savings/contracts';

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

export function SummaryCards({ data }: { data: AdminUsersResponse | undefined }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <SummaryCard title="Total Users" value={data ? String(data.totalUsers) : '-'} />
      <SummaryCard title="Total Balance" value={data ? formatUsd(data.totalBalance) : '-'} />
      <SummaryCard title="Monthly Interest" value={data ? formatUsd(data.totalMonthlyInterest) : '-'} />
    </SimpleGrid>
  );
}

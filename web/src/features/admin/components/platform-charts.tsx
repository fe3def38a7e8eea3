import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { CHART_DAYS } from '@savings/contracts';
import { useMemo } from 'react';
import { DailyChart, type DailySeries } from '../../../components/charts/daily-chart';
import { LoadError } from '../../../components/load-error';
import { usePlatformDaily } from '../api/get-platform-daily';

/**
 * The platform over the last 90 days: every balance added up at each day's end, and what came in and
 * went out each day. Loaded on its own, with the chart library, after the rest of the back office.
 */
export function PlatformCharts() {
  const query = usePlatformDaily();
  const charts = useMemo(() => {
    const days = query.data?.days ?? [];
    const dates = days.map((day) => day.date);
    const balance: DailySeries[] = [
      { label: 'Total balance', values: days.map((day) => day.totalBalance), color: '#1e40af', kind: 'line' },
    ];
    const flows: DailySeries[] = [
      { label: 'Deposits', values: days.map((day) => day.deposits), color: '#15803d', kind: 'bars' },
      { label: 'Withdrawals', values: days.map((day) => day.withdrawals), color: '#b91c1c', kind: 'bars' },
      { label: 'Interest', values: days.map((day) => day.interest), color: '#b45309', kind: 'bars' },
    ];
    return { dates, balance, flows };
  }, [query.data]);

  return (
    <Card.Root as="section" aria-label="Platform activity">
      <Card.Header>
        <Card.Title as="h2">Platform activity</Card.Title>
        <Text textStyle="sm" color="fg.muted">
          The last {CHART_DAYS} days
        </Text>
      </Card.Header>
      <Card.Body>
        {query.isError ? (
          <LoadError what="the platform's history" onRetry={() => void query.refetch()} retrying={query.isRefetching} />
        ) : query.isPending ? (
          <Text color="fg.muted">Loading charts...</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <DailyChart title="Total balance" dates={charts.dates} series={charts.balance} />
            <DailyChart title="Deposits, withdrawals and interest per day" dates={charts.dates} series={charts.flows} />
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Box, Card, Text } from '@chakra-ui/react';
import { CHART_DAYS } from '@savings/contracts';
import { lazy, Suspense, useMemo } from 'react';
import type { DailySeries } from '../../../components/charts/daily-chart';
import { LoadError } from '../../../components/load-error';
import { useDailyHistory } from '../api/get-daily-history';

const SHOWN = {
  balance: { title: 'Balance over time', label: 'Balance', color: '#1e40af', kind: 'line' },
  interest: { title: 'Interest per day', label: 'Interest', color: '#15803d', kind: 'bars' },
} as const;

// the chart library loads with the chart, once the screen's own data is on screen
const DailyChart = lazy(() =>
  import('../../../components/charts/daily-chart').then((module) => ({ default: module.DailyChart })),
);

/**
 * The chart's box is as tall as the chart and its legend from the first render on (CHART_BOX_HEIGHT):
 * nothing below it moves when the chart library and the history arrive.
 */
const CHART_BOX_HEIGHT = '16.5rem';

/**
 * The customer's last 90 days as a chart: the balance at each day's end (dashboard) or the interest
 * credited each day (interest history).
 */
export function HistoryChart({ show }: { show: keyof typeof SHOWN }) {
  const query = useDailyHistory();
  const { title, label, color, kind } = SHOWN[show];
  const chart = useMemo(() => {
    const days = query.data?.days ?? [];
    const series: DailySeries[] = [{ label, color, kind, values: days.map((day) => day[show]) }];
    return { dates: days.map((day) => day.date), series };
  }, [query.data, show, label, color, kind]);

  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
        <Text textStyle="sm" color="fg.muted">
          The last {CHART_DAYS} days
        </Text>
      </Card.Header>
      <Card.Body>
        <Box minH={CHART_BOX_HEIGHT}>
          {query.isError ? (
            <LoadError what="your history" onRetry={() => void query.refetch()} retrying={query.isRefetching} />
          ) : query.isPending ? (
            <Text color="fg.muted">Loading chart...</Text>
          ) : (
            <Suspense fallback={<Text color="fg.muted">Loading chart...</Text>}>
              <DailyChart title={title} hideCaption dates={chart.dates} series={chart.series} />
            </Suspense>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

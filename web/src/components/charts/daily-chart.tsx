import { Box, Text } from '@chakra-ui/react';
import { formatUsd } from '@savings/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DailySeries {
  label: string;
  /** one value per day, in the order of `dates` */
  values: number[];
  /** a CSS colour */
  color: string;
  kind: 'line' | 'bars';
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Seconds since 1970 of a YYYY-MM-DD day (uPlot's time axis), drawn as that day whatever the browser's zone. */
const dayToSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** What a screen reader hears instead of the drawing: each series from its first day to its last. */
export function describeSeries(dates: string[], series: DailySeries[]): string {
  if (dates.length === 0) return 'No data yet';
  const first = dates[0];
  const last = dates[dates.length - 1];
  return series
    .map((item) =>
      item.kind === 'line'
        ? `${item.label}: ${formatUsd(item.values[0])} on ${first}, ${formatUsd(item.values[item.values.length - 1])} on ${last}`
        : `${item.label} per day from ${first} to ${last}, at most ${formatUsd(Math.max(...item.values))}`,
    )
    .join('. ');
}

/**
 * A chart of amounts per day (uPlot: small and fast, canvas), as wide as its box. The drawing is an
 * image to assistive technology, named by a summary of its data; the legend shows the values of the
 * day under the pointer. Browsers without canvas get the summary alone.
 */
export function DailyChart({
  title,
  dates,
  series,
  height = 220,
  hideCaption = false,
}: {
  title: string;
  /** when the title is already the heading above */
  hideCaption?: boolean;
  dates: string[];
  series: DailySeries[];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !document.createElement('canvas').getContext('2d')) return undefined;
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        cursor: { y: false },
        legend: { live: true },
        axes: [{}, { size: 64, values: (_chart, ticks) => ticks.map((tick) => compactUsd.format(tick)) }],
        series: [
          {
            label: 'Day',
            value: (_chart, seconds) =>
              seconds === null || seconds === undefined ? '-' : new Date(seconds * 1000).toISOString().slice(0, 10),
          },
          ...series.map((item) => ({
            label: item.label,
            stroke: item.color,
            width: item.kind === 'line' ? 2 : 0,
            fill: item.kind === 'bars' ? item.color : `${item.color}22`,
            paths: item.kind === 'bars' ? uPlot.paths.bars?.({ size: [0.7, 24] }) : undefined,
            points: { show: false },
            value: (_chart: uPlot, value: number | null) =>
              value === null || value === undefined ? '-' : formatUsd(value),
          })),
        ],
      },
      [dates.map(dayToSeconds), ...series.map((item) => item.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series, height]);

  return (
    <Box as="figure" m="0">
      {!hideCaption && (
        <Text as="figcaption" fontWeight="semibold" mb="2">
          {title}
        </Text>
      )}
      <Box
        ref={box}
        role="img"
        aria-label={`${title}. ${describeSeries(dates, series)}`}
        minH={`${height}px`}
        w="full"
      />
    </Box>
  );
}

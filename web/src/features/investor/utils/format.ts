/** Dates and rates as the investor screens show them (amounts go through formatUsd from contracts). */

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A rate fraction as a percentage with 6 decimals: 0.07/365 -> "0.019178%". */
export function formatRatePercent(fraction: number): string {
  return `${(fraction * 100).toFixed(6)}%`;
}

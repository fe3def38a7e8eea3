import { LAST_DAYS_WINDOW, type InterestPaymentItem } from '@savings/contracts';

export interface InterestSummary {
  total: number;
  lastDays: number;
  count: number;
}

/** Sums in cents so a long history of two-decimal amounts adds up exactly for display. */
export function summarizeInterest(payments: InterestPaymentItem[], now: number): InterestSummary {
  const since = now - LAST_DAYS_WINDOW * 24 * 60 * 60 * 1000;
  let totalCents = 0;
  let lastCents = 0;
  for (const payment of payments) {
    const cents = Math.round(payment.interestAmount * 100);
    totalCents += cents;
    if (Date.parse(payment.paymentDate) >= since) lastCents += cents;
  }
  return { total: totalCents / 100, lastDays: lastCents / 100, count: payments.length };
}

export interface PageInfo {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
}

/** 1-based page clamped to the range; "Showing from to to of total". */
export function pageInfo(total: number, page: number, pageSize: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return { page: current, pageCount, from, to, total };
}

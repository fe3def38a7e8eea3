/**
 * One USD formatter for every screen and message. Amounts arrive from the API as JSON numbers with
 * at most two decimals; formatting them never feeds back into arithmetic on stored money.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

export function formatUsdWhole(amount: number): string {
  return usdWhole.format(amount);
}

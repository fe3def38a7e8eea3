const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-03" -> "March 2026". */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The years of a list of months, newest first (one interest certificate each). */
export function yearsOf(months: readonly { month: string }[]): string[] {
  return [...new Set(months.map((m) => m.month.slice(0, 4)))].sort().reverse();
}

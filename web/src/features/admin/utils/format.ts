/** Back-office display helpers: en-GB dates (product.md section 2) and padded user numbers. */

export function formatDateGb(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function userNumber(id: number): string {
  return `#${String(id).padStart(4, '0')}`;
}

import { MAX_AMOUNT } from './constants';

/**
 * The request rule for money amounts (api-contract.md sections 2 and 15): a JSON number or a decimal
 * string, positive, finite, at most 2 decimal places, at most 1,000,000,000,000. A string is plain
 * text: no surrounding spaces, no sign, no leading zeros ("0.50" is fine; " 1000", "1000 ", "01000",
 * "+1000" are not), so what a person or a program sent is exactly the amount read. Returns the
 * canonical decimal string ("1000.5" -> "1000.50") or null. The server converts the string to exact
 * cents; no float arithmetic touches the value.
 */
export function parseAmountInput(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) return null;
    // Shortest round-trip form: 1000.1 -> "1000.1", 1e21 -> "1e+21" (refused by the pattern).
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return null;
  }
  // one zero alone, or digits without a leading zero; then at most two decimals
  const match = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = match[1];
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (/^0+$/.test(whole + fraction)) return null;
  const canonical = `${whole}.${fraction}`;
  if (
    whole.length > String(MAX_AMOUNT).length ||
    (whole.length === String(MAX_AMOUNT).length && canonical > `${MAX_AMOUNT}.00`)
  ) {
    return null;
  }
  return canonical;
}

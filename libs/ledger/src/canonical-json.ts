/**
 * Canonical JSON for hashing: object keys sorted, no whitespace, undefined members dropped. The same
 * value read back from jsonb (which reorders keys) hashes the same. Built by string concatenation
 * rather than map/join: every event's hash goes through here (a million a day for interest alone).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += `${i === 0 ? '' : ','}${canonicalJson(value[i] ?? null)}`;
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const order = sortedOrder(keys);
  let out = '';
  for (let i = 0; i < order.keys.length; i += 1) {
    const member = record[order.keys[i]];
    if (member === undefined) continue;
    out += `${out === '' ? order.openers[i] : order.separators[i]}${canonicalJson(member)}`;
  }
  return out === '' ? '{}' : `${out}}`;
}

interface KeyOrder {
  /** the keys as the object lists them (a shape's text can be ambiguous: checked against them) */
  listed: string[];
  keys: string[];
  /** `{"key":` and `,"key":` for each sorted key */
  openers: string[];
  separators: string[];
}

/**
 * Objects of one shape (an event type's payload, its metadata) come back with the same keys in the
 * same order, so their sorted order and quoted prefixes are computed once per shape. A replay or
 * verify hashes a million payloads of a handful of shapes; sorting and quoting every key each time
 * was a third of the hashing cost.
 */
const KEY_ORDERS = new Map<string, KeyOrder>();
const MAX_SHAPES = 1_000;

// The cache only saves work: a mutant that makes it miss (computes the same order again), or that
// names or bounds its entries differently, behaves the same; these are not tested. A wrong hit is (spec).
function sortedOrder(keys: string[]): KeyOrder {
  // Stryker disable next-line StringLiteral: the shape only names a cache entry; sameKeys checks a hit
  const shape = keys.join('\u0000');
  let order = KEY_ORDERS.get(shape);
  // Stryker disable next-line ConditionalExpression: always computing the order again is a cache miss
  if (order === undefined || !sameKeys(order.listed, keys)) {
    const sorted = [...keys].sort();
    order = {
      listed: keys,
      keys: sorted,
      openers: sorted.map((key) => `{${JSON.stringify(key)}:`),
      separators: sorted.map((key) => `,${JSON.stringify(key)}:`),
    };
    // hostile or free-form objects (many shapes) must not grow the cache without bound
    // Stryker disable next-line all: whether an order is kept changes no output, only later misses
    if (KEY_ORDERS.size < MAX_SHAPES && !KEY_ORDERS.has(shape)) KEY_ORDERS.set(shape, order);
  }
  return order;
}

function sameKeys(a: string[], b: string[]): boolean {
  // Stryker disable next-line all: lists of one shape text differ in length only if a key holds \u0000, and then differ in a key too
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  // Stryker disable next-line BooleanLiteral: false is a cache miss
  return true;
}

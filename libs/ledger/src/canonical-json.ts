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
  let out = '';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `{${out}}`;
}

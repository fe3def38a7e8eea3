// `.data/` belongs to the product a developer runs (`npm start`): its demo logins, payout copies and
// embedded PostgreSQL. Tests use temporary folders and databases of their own; `npm test` checks that
// it left `.data/` exactly as it found it. Plain Node, no dependencies.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a running product changes by itself (the embedded PostgreSQL's files): not the tests' doing. */
const LIVE = new Set(['postgres']);

/** Every entry under `dir` (relative path -> content hash, or its kind), the folder's own presence too. */
export function snapshotDataDir(dir) {
  const entries = { '.': existsSync(dir) ? 'dir' : 'absent' };
  if (!existsSync(dir)) return entries;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (current === dir && LIVE.has(entry.name)) continue;
      const path = join(current, entry.name);
      const name = relative(dir, path);
      if (entry.isDirectory()) {
        entries[`${name}/`] = 'dir';
        walk(path);
      } else if (entry.isFile()) {
        entries[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
      } else {
        entries[name] = 'other';
      }
    }
  };
  walk(dir);
  return entries;
}

/** What differs between two snapshots, one line per entry, sorted. */
export function dataChanges(before, after) {
  const changes = [];
  for (const name of Object.keys(before)) {
    if (!(name in after)) changes.push(`removed ${name}`);
    else if (before[name] !== after[name]) changes.push(`changed ${name}`);
  }
  for (const name of Object.keys(after)) if (!(name in before)) changes.push(`added ${name}`);
  return changes.sort();
}

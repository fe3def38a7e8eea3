import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The ledger has one write path (docs/decisions/0014-one-write-path.md): events are inserted, and
 * account rows moved, by appendToStreams alone. A second writer in the product's code would be a
 * second set of rules to keep in step, so this fails when one appears.
 */
const root = resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'migrations', 'testing', 'test'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec|chaos-spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function writersOf(pattern: RegExp): string[] {
  return ['libs', 'services']
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}

describe('one write path', () => {
  it('only the append inserts into ledger_events', () => {
    expect(writersOf(/insert\s+into\s+ledger_events\b/i)).toEqual(['libs/ledger/src/append.ts']);
  });

  it('only the append updates accounts', () => {
    expect(writersOf(/update\s+accounts\b/i)).toEqual(['libs/ledger/src/append.ts']);
  });
});

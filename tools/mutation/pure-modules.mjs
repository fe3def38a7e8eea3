// Which source files `npm run test:mutation` mutates (docs/decisions/0025-mutation-testing.md).
// libs/domain is pure by rule (an eslint boundary), so all of it. In libs/application and libs/ledger a
// module is pure when it imports at run time only pure modules and pure packages, and not even a type
// from a database or framework package (a `Sql` handle means it talks to the database). The list is
// computed, not written down, so a new pure module is mutated from the day it is merged.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const DOMAIN_ROOTS = ['libs/domain/src'];
export const PURE_SCAN_ROOTS = ['libs/application/src', 'libs/ledger/src'];

/** Packages a pure module may import at run time: our pure libraries, hashing, CSV parsing of a text. */
const PURE_PACKAGES = new Set(['@savings/domain', '@savings/contracts', 'node:crypto', 'crypto', 'csv-parse/sync']);

/** Packages whose types alone mark a module as talking to a database or framework. */
const IMPURE_TYPES = /^(@savings\/database|@nestjs\/|@mikro-orm\/|bullmq$|ioredis$|pg$|express$)/;

/**
 * Left out, each for a reason: declarations with no logic a unit test could pin (message classes,
 * injection tokens and ports, table names), and the SQL text builders of the projection writer, whose every
 * statement only means something to PostgreSQL: replay.int-spec and ledger-integrity.int-spec prove
 * them against a real database, which a mutation run over unit tests cannot.
 */
const LEFT_OUT = [
  /\.commands\.ts$/,
  /\.queries\.ts$/,
  /\/platform\/tokens\.ts$/,
  /\/statements\/statement-documents\.ts$/,
  /\/ledger-tables\.ts$/,
  /\/projection-writer\.ts$/,
];

const isSource = (file) =>
  file.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(file) && !file.endsWith('.d.ts');

function walk(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(path);
    return isSource(path) ? [path] : [];
  });
}

/** Every import/export-from of a file: { specifier, typeOnly }. */
function importsOf(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) {
    const [, , typeKeyword, clause, specifier] = match;
    // `import { type A, type B }` is type-only too
    const names = /^\{([^}]*)\}$/
      .exec(clause.trim())?.[1]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const allTyped = names !== undefined && names.length > 0 && names.every((name) => name.startsWith('type '));
    found.push({ specifier, typeOnly: Boolean(typeKeyword) || allTyped });
  }
  for (const match of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) {
    found.push({ specifier: match[1], typeOnly: false });
  }
  for (const match of text.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1], typeOnly: false });
  }
  return found;
}

function resolveRelative(from, specifier) {
  const base = join(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}/index.ts`]) {
    try {
      readFileSync(join(ROOT, candidate));
      return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** The pure modules under the scan roots, sorted (index files only re-export: not listed). */
export function pureModules() {
  const verdicts = new Map();
  const isPure = (file, visiting = new Set()) => {
    if (verdicts.has(file)) return verdicts.get(file);
    if (visiting.has(file)) return true; // a cycle: decided by its other imports
    visiting.add(file);
    const pure = importsOf(file).every(({ specifier, typeOnly }) => {
      if (specifier.startsWith('.')) {
        if (typeOnly) return true;
        const target = resolveRelative(file, specifier);
        return target !== null && isPure(target, visiting);
      }
      return typeOnly ? !IMPURE_TYPES.test(specifier) : PURE_PACKAGES.has(specifier);
    });
    verdicts.set(file, pure);
    return pure;
  };
  return PURE_SCAN_ROOTS.flatMap(walk)
    .filter((file) => !file.endsWith('/index.ts') && !LEFT_OUT.some((pattern) => pattern.test(file)))
    .filter((file) => isPure(file))
    .sort();
}

export function domainModules() {
  return DOMAIN_ROOTS.flatMap(walk)
    .filter((file) => !file.endsWith('/index.ts'))
    .sort();
}

export const isDomainFile = (file) => DOMAIN_ROOTS.some((root) => relative(root, file).split('/')[0] !== '..');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log([...domainModules(), ...pureModules()].join('\n'));
}

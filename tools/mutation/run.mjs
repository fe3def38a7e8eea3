// `npm run test:mutation [-- <file>...] [--force]`: Stryker (stryker.config.mjs) over libs/domain and
// the pure modules (pure-modules.mjs), or over the files named. Each run's report is merged into
// reports/mutation/mutation-report.json (a file's entry replaced by its latest run), which is also
// Stryker's incremental file: a run reuses the result of every mutant whose code and tests did not
// change, and files outside the run keep theirs. From the merged report it writes
// reports/mutation/index.html and bench/results/mutation.json = {"domain": %, "pure": %, "files":
// {path: %}}; not the latter while a file of the set has no result yet. `--force` retests everything.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { domainModules, isDomainFile, pureModules, ROOT } from './pure-modules.mjs';

const REPORTS = join(ROOT, 'reports/mutation');
const MERGED = join(REPORTS, 'mutation-report.json');
const RESULT = join(ROOT, 'bench/results/mutation.json');

const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('-'));
const all = [...domainModules(), ...pureModules()];
const chosen = args.filter((arg) => !arg.startsWith('-'));
const unknown = chosen.filter((file) => !all.includes(file));
if (unknown.length > 0) {
  console.error(`not a domain or pure module: ${unknown.join(', ')}`);
  process.exit(2);
}

mkdirSync(REPORTS, { recursive: true });
if (existsSync(MERGED)) copyFileSync(MERGED, join(REPORTS, 'incremental.json'));
const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...flags], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, MUTATION_FILES: (chosen.length > 0 ? chosen : all).join(',') },
});
if (run.status !== 0) process.exit(run.status ?? 1);

const previous = existsSync(MERGED) ? JSON.parse(readFileSync(MERGED, 'utf8')) : { files: {}, testFiles: {} };
const latest = JSON.parse(readFileSync(join(REPORTS, 'last-run.json'), 'utf8'));
const merged = {
  ...latest,
  // files dropped from the set (deleted, or no longer pure) leave the report
  files: Object.fromEntries(
    Object.entries({ ...previous.files, ...latest.files }).filter(([path]) => all.includes(path)),
  ),
  testFiles: { ...(previous.testFiles ?? {}), ...(latest.testFiles ?? {}) },
};
writeFileSync(MERGED, JSON.stringify(merged));
// a file without mutants (constants only) is in no report: the files run are kept beside it
const RUN_LIST = join(REPORTS, 'files-run.json');
const filesRun = new Set([
  ...(existsSync(RUN_LIST) ? JSON.parse(readFileSync(RUN_LIST, 'utf8')) : []),
  ...(chosen.length > 0 ? chosen : all),
]);
writeFileSync(RUN_LIST, JSON.stringify([...filesRun].filter((path) => all.includes(path)).sort()));
const missing = all.filter((path) => !filesRun.has(path));

/** Killed and timed-out mutants over every mutant that ran or had no test (as Stryker's own score). */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const tally = () => ({ detected: 0, undetected: 0 });
const score = ({ detected, undetected }) =>
  detected + undetected === 0 ? 100 : Math.floor((detected / (detected + undetected)) * 10000) / 100;

/** A group's score for the console; n/a while none of its files has a result. */
const shown = (counts) => (counts.detected + counts.undetected === 0 ? 'n/a' : `${score(counts)}%`);

const perFile = {};
const domain = tally();
const pure = tally();
const survivors = [];
for (const [path, file] of Object.entries(merged.files).sort(([a], [b]) => a.localeCompare(b))) {
  const own = tally();
  for (const mutant of file.mutants) {
    if (DETECTED.has(mutant.status)) own.detected += 1;
    else if (UNDETECTED.has(mutant.status)) {
      own.undetected += 1;
      survivors.push(
        `${path}:${mutant.location.start.line} ${mutant.mutatorName} ${mutant.replacement ?? ''} (${mutant.status})`,
      );
    }
  }
  perFile[path] = own;
  const group = isDomainFile(path) ? domain : pure;
  group.detected += own.detected;
  group.undetected += own.undetected;
}

const elements = createRequire(import.meta.url).resolve('mutation-testing-elements/dist/mutation-test-elements.js');
writeFileSync(
  join(REPORTS, 'index.html'),
  `<!doctype html><html><head><meta charset="utf-8"><title>Mutation testing</title>
<script>${readFileSync(elements, 'utf8')}</script></head><body>
<mutation-test-report-app title-postfix="libs/domain and pure modules"></mutation-test-report-app>
<script>document.querySelector('mutation-test-report-app').report = ${JSON.stringify(merged).replace(/</g, '\\u003c')};</script>
</body></html>\n`,
);

if (survivors.length > 0) console.log(`\nsurvivors:\n  ${survivors.join('\n  ')}`);
console.log(
  `\nmutation score: domain ${shown(domain)}, pure modules ${shown(pure)}; HTML: reports/mutation/index.html`,
);
if (missing.length > 0) {
  console.log(`no report yet for ${missing.join(', ')}: bench/results/mutation.json left as it was`);
} else {
  const result = {
    domain: score(domain),
    pure: score(pure),
    files: Object.fromEntries(Object.entries(perFile).map(([path, counts]) => [path, score(counts)])),
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${RESULT}`);
}

// `npm run test:mutation [-- <file>...] [--force]`: Stryker (stryker.config.mjs) over libs/domain and
// the pure modules (pure-modules.mjs), one file at a time, each with its own incremental file, so a
// rerun only tests the mutants whose code or tests changed. Then it merges the per-file reports into
// reports/mutation/index.html and bench/results/mutation.json = {"domain": %, "pure": %, "files":
// {path: %}}. With file arguments only those files are run; the figures are still written from every
// file's latest report, and not at all while a file of the set has none. `--force` ignores the
// incremental files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { domainModules, isDomainFile, pureModules, reportName, ROOT } from './pure-modules.mjs';

const REPORTS = join(ROOT, 'reports/mutation');
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

for (const file of chosen.length > 0 ? chosen : all) {
  console.log(`\n=== ${file}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...flags], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_FILE: file },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** Killed and timed-out mutants over every mutant that ran or had no test (as Stryker's own score). */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const tally = () => ({ detected: 0, undetected: 0 });
const score = ({ detected, undetected }) =>
  detected + undetected === 0 ? 100 : Math.floor((detected / (detected + undetected)) * 10000) / 100;

const merged = { schemaVersion: '1', thresholds: { high: 90, low: 85 }, files: {}, testFiles: {} };
const missing = [];
for (const file of all) {
  const path = join(REPORTS, 'files', `${reportName(file)}.json`);
  if (!existsSync(path)) {
    missing.push(file);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  Object.assign(merged.files, report.files);
  Object.assign(merged.testFiles, report.testFiles ?? {});
}

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

mkdirSync(REPORTS, { recursive: true });
writeFileSync(join(REPORTS, 'mutation-report.json'), JSON.stringify(merged));
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
  `\nmutation score: domain ${score(domain)}%, pure modules ${score(pure)}%; HTML: reports/mutation/index.html`,
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

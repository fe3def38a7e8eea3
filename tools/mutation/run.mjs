// `npm run test:mutation [-- <file>...]`: Stryker (stryker.config.mjs) over libs/domain and the pure
// modules, then bench/results/mutation.json = {"domain": %, "pure": %, "files": {path: %}} from its
// JSON report. With file arguments only those files are mutated (to iterate on one); the figures file
// is then left alone, since it must describe the whole set. `--force` ignores the incremental file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainModules, isDomainFile, pureModules, ROOT } from './pure-modules.mjs';

const REPORT = join(ROOT, 'reports/mutation/mutation-report.json');
const RESULT = join(ROOT, 'bench/results/mutation.json');

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('-'));
const flags = args.filter((arg) => arg.startsWith('-'));
const strykerArgs = ['stryker', 'run', 'stryker.config.mjs', ...flags];
if (files.length > 0) strykerArgs.push('--mutate', files.join(','));

const run = spawnSync('npx', strykerArgs, { cwd: ROOT, stdio: 'inherit', env: process.env });
if (run.status !== 0) process.exit(run.status ?? 1);

/** Killed and timed-out mutants over every mutant that ran or had no test (as Stryker's own score). */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const tally = () => ({ detected: 0, undetected: 0 });
const score = ({ detected, undetected }) =>
  detected + undetected === 0 ? 100 : Math.floor((detected / (detected + undetected)) * 10000) / 100;

const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const perFile = {};
const domain = tally();
const pure = tally();
const survivors = [];
for (const [path, file] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const own = tally();
  for (const mutant of file.mutants) {
    if (DETECTED.has(mutant.status)) own.detected += 1;
    else if (UNDETECTED.has(mutant.status)) {
      own.undetected += 1;
      survivors.push(`${path}:${mutant.location.start.line} ${mutant.mutatorName} (${mutant.status})`);
    }
  }
  perFile[path] = own;
  const group = isDomainFile(path) ? domain : pure;
  group.detected += own.detected;
  group.undetected += own.undetected;
}

console.log(`\nmutation score: domain ${score(domain)}%, pure modules ${score(pure)}%`);
if (survivors.length > 0) console.log(`survivors:\n  ${survivors.join('\n  ')}`);

if (files.length === 0) {
  const expected = [...domainModules(), ...pureModules()];
  const missing = expected.filter((path) => !(path in perFile));
  if (missing.length > 0) console.warn(`not in the report: ${missing.join(', ')}`);
  const result = {
    domain: score(domain),
    pure: score(pure),
    files: Object.fromEntries(Object.entries(perFile).map(([path, counts]) => [path, score(counts)])),
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${RESULT}; HTML report: reports/mutation/index.html`);
}

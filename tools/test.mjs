// `npm test`: every test of every project against real PostgreSQL and Redis, then the browser tests in
// real Chromium against the built stack. `npm run test:e2e` / `test:chaos` run one suite alone.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataChanges, snapshotDataDir } from './data-guard.mjs';
import { ensureBuilt, ensureChromium, ensureInstalled, log, root, run } from './lib.mjs';

const suite = process.argv[2] ?? 'all';
// written by services/api/test/ha/failover.ha-spec.ts: the figures line of `npm run test:ha`
const HA_FIGURES = join(tmpdir(), 'savings-ha-figures.json');
// written by services/api/test/restore/restore.restore-spec.ts: the figures line of `npm run test:restore`
const RESTORE_FIGURES = join(tmpdir(), 'savings-restore-figures.json');
/** a suite's one line of figures, printed last */
let figuresLine = null;
// Per-project `testTimeout` is not honoured by jest in multi-project runs, so it is given here.
const jest = (args, timeoutMs = 120_000) => run('npx', ['jest', `--testTimeout=${timeoutMs}`, ...args]);
// the running product's data (npm start): the tests must not touch it (tools/data-guard.mjs)
const dataDir = join(root, '.data');
const dataBefore = snapshotDataDir(dataDir);

try {
  ensureInstalled();
  log('Building (only what changed)…');
  ensureBuilt();
  if (suite === 'all') {
    log('Unit, component and integration tests');
    jest(['--selectProjects', 'unit', 'web', 'integration', '--maxWorkers=2']);
  }
  if (suite === 'all' || suite === 'e2e') {
    // a fresh machine has no browser: Debian's is installed when we can (root, apt-get), as .ci/run does
    ensureChromium();
    log('Browser tests in Chromium against the built stack');
    jest(['--selectProjects', 'browser', '--runInBand']);
  }
  if (suite === 'chaos') {
    log('Fault and concurrency tests');
    jest(['--selectProjects', 'chaos', '--runInBand'], 600_000);
  }
  if (suite === 'ha') {
    log('Failover tests on the high-availability cluster (npm run ha)');
    rmSync(HA_FIGURES, { force: true });
    jest(['--selectProjects', 'ha', '--runInBand'], 900_000);
    const f = JSON.parse(readFileSync(HA_FIGURES, 'utf8'));
    figuresLine = `acknowledged ${f.acknowledged}, lost ${f.lost}, duplicated ${f.duplicated}, write outage ${f.outageSeconds} s`;
  }
  if (suite === 'restore') {
    log('Backup and point-in-time restore drill on the high-availability cluster (npm run ha, npm run backup)');
    rmSync(RESTORE_FIGURES, { force: true });
    jest(['--selectProjects', 'restore', '--runInBand'], 900_000);
    figuresLine = JSON.parse(readFileSync(RESTORE_FIGURES, 'utf8')).line;
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = error.exitCode ?? 1;
}

const touched = dataChanges(dataBefore, snapshotDataDir(dataDir));
if (touched.length > 0) {
  console.error(`The tests changed .data/ (the running product's data):\n  ${touched.join('\n  ')}`);
  process.exitCode = 1;
} else {
  log('.data/ untouched');
}
if (figuresLine && !process.exitCode) console.log(figuresLine);

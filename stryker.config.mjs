// @ts-check
// `npm run test:mutation` (tools/mutation/run.mjs): Stryker over libs/domain and the pure modules of
// libs/application and libs/ledger (tools/mutation/pure-modules.mjs), with the libraries' unit tests.
// See docs/decisions/0025-mutation-testing.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { domainModules, pureModules, reportName } from './tools/mutation/pure-modules.mjs';

// run.mjs runs Stryker once per file (MUTATION_FILE), each with its own incremental file and report,
// so re-running one file keeps every other file's results; without it, one run over the whole set.
const only = process.env.MUTATION_FILE;
const name = only ? reportName(only) : 'all';

// The TypeScript checker compiles the program of its tsconfig once per group of mutants: for one file,
// that program is the file and what it imports (all of libs/application would take seconds a check).
const tsconfigFile = only ? `tools/mutation/.tsconfig/${name}.json` : 'tools/mutation/tsconfig.json';
if (only) {
  mkdirSync('tools/mutation/.tsconfig', { recursive: true });
  const tsconfig = {
    extends: '../../../tsconfig.base.json',
    compilerOptions: { noEmit: true, types: ['node'] },
    files: [`../../../${only}`],
  };
  writeFileSync(tsconfigFile, `${JSON.stringify(tsconfig, null, 2)}\n`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.config.cjs', enableFindRelatedTests: true },
  checkers: ['typescript'],
  tsconfigFile,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: only ? [only] : [...domainModules(), ...pureModules()],
  // the two cores are shared: one test process, one checker
  concurrency: 1,
  incremental: true,
  incrementalFile: `reports/mutation/incremental/${name}.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/files/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['web', 'services', 'bench', 'docs', 'infra', '.data', 'dist', '**/dist', 'test-results', 'tmp'],
  // the shared machine is often loaded: room enough that a slow run is not taken for a loop
  timeoutMS: 5000,
  timeoutFactor: 2,
};

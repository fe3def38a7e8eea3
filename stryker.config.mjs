// @ts-check
// `npm run test:mutation` (tools/mutation/run.mjs): Stryker over libs/domain and the pure modules of
// libs/application and libs/ledger (tools/mutation/pure-modules.mjs), with the libraries' unit tests.
// See docs/decisions/0025-mutation-testing.md.
import { domainModules, pureModules } from './tools/mutation/pure-modules.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.config.cjs', enableFindRelatedTests: false },
  checkers: ['typescript'],
  tsconfigFile: 'tools/mutation/tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: [...domainModules(), ...pureModules()],
  // the two cores are shared: one test process, one checker
  concurrency: 1,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation-report.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['web', 'services', 'bench', 'docs', 'infra', '.data', 'dist', '**/dist', 'test-results', 'tmp'],
  // a mutant that loops is detected either way; waiting less for it keeps the run short
  timeoutMS: 3000,
};

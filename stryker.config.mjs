// @ts-check
// `npm run test:mutation` (tools/mutation/run.mjs): Stryker over libs/domain and the pure modules of
// libs/application and libs/ledger (tools/mutation/pure-modules.mjs), with the libraries' unit tests.
// See docs/decisions/0025-mutation-testing.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { domainModules, pureModules } from './tools/mutation/pure-modules.mjs';

// run.mjs names the files of this run (MUTATION_FILES, comma-separated); the whole set otherwise
const files = process.env.MUTATION_FILES
  ? process.env.MUTATION_FILES.split(',')
  : [...domainModules(), ...pureModules()];

// The TypeScript checker compiles its tsconfig's program once per group of mutants: only the mutated
// files and what they import, not all of libs/application with NestJS and MikroORM.
const tsconfigFile = 'tools/mutation/.tsconfig.json';
mkdirSync('tools/mutation', { recursive: true });
writeFileSync(
  tsconfigFile,
  `${JSON.stringify(
    {
      extends: '../../tsconfig.base.json',
      compilerOptions: { noEmit: true, types: ['node'] },
      files: files.map((file) => `../../${file}`),
    },
    null,
    2,
  )}\n`,
);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.config.cjs', enableFindRelatedTests: true },
  checkers: ['typescript'],
  tsconfigFile,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: files,
  // the two cores are shared: one test process, one checker
  concurrency: 1,
  // run.mjs keeps this file as the merged report of every file's last run, so a run over some files
  // reuses their unchanged mutants' results and the others' stay
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/last-run.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['web', 'services', 'bench', 'docs', 'infra', '.data', 'dist', '**/dist', 'test-results', 'tmp'],
  // On the loaded shared machine one jest run of a mutant's few tests can take seconds of overhead; a
  // short limit turned such runs into false "timeouts" (counted as kills) and each cost a restart of
  // the test process. Real endless loops are rare and are still caught, later.
  timeoutMS: 15000,
  timeoutFactor: 2,
};

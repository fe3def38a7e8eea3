/**
 * The unit tests of the libraries, as Stryker runs them (`npm run test:mutation`): the unit project of
 * the root jest.config.js, limited to libs/, with fast-check on a fixed seed so a property test finds
 * the same cases on every run and a mutant's verdict does not depend on luck.
 */
const root = require('../../jest.config.js');

const unit = root.projects.find((project) => project.displayName === 'unit');

module.exports = {
  ...unit,
  displayName: undefined,
  testMatch: ['<rootDir>/libs/**/*.spec.ts'],
  testPathIgnorePatterns: [
    ...unit.testPathIgnorePatterns,
    // a guard over the whole repository's sources (not in Stryker's sandbox), not a test of pure code
    '/libs/ledger/src/one-write-path\\.spec\\.ts$',
    // needs the compiled worker in dist (npm test builds it; the sandbox leaves dist out); hash-check
    // uses worker threads, so it is not mutated
    '/libs/ledger/src/hash-check\\.spec\\.ts$',
  ],
  setupFilesAfterEnv: ['<rootDir>/tools/mutation/fast-check-seed.cjs'],
};

/**
 * One jest run for every project. Names tell the kind of test (style guide, point 9):
 *   *.spec.ts(x)      unit and component tests, no services
 *   *.int-spec.ts     against real PostgreSQL and Redis (one database per jest worker)
 *   *.e2e-spec.ts     the running API over HTTP, with real PostgreSQL and Redis
 *   web/e2e/*.e2e-spec.ts  real Chromium against the real stack
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  '^@savings/(.*)$': '<rootDir>/libs/$1/src/index.ts',
};

const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Stryker's sandboxes (`npm run test:mutation`) hold a copy of every package
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/services/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.tsx'],
      setupFilesAfterEnv: ['<rootDir>/web/jest.setup.ts'],
      moduleNameMapper: {
        ...moduleNameMapper,
        '\\.(css|svg|png|jpg|woff2?)$': 'identity-obj-proxy',
        // marked ships ESM only as its main entry; its UMD build loads under jest's CommonJS
        '^marked$': '<rootDir>/node_modules/marked/lib/marked.umd.js',
      },
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/libs/**/*.int-spec.ts',
        '<rootDir>/services/**/*.int-spec.ts',
        '<rootDir>/services/**/*.e2e-spec.ts',
      ],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/after-env.ts'],
      testTimeout: 60000,
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/web/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/web/e2e/support/global-teardown.ts',
      testTimeout: 120000,
    },
    {
      ...common,
      // compiled API and worker processes on their own databases, Redis and ports: `npm run test:chaos` only
      displayName: 'chaos',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/services/**/*.chaos-spec.ts'],
      // its daemonized redis-server (port 6390) is stopped after the run: a test run leaves no process behind
      globalTeardown: '<rootDir>/services/api/test/stress/global-teardown.ts',
      testTimeout: 600000,
    },
    {
      ...common,
      // the compiled stack on the high-availability cluster of `npm run ha`: `npm run test:ha` only
      displayName: 'ha',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/services/**/*.ha-spec.ts'],
      // the cluster and the processes the suite started are removed after the run, whatever its outcome
      globalTeardown: '<rootDir>/services/api/test/ha/global-teardown.ts',
      testTimeout: 900000,
    },
    {
      ...common,
      // backups and point-in-time restore on the same cluster: `npm run test:restore` only
      displayName: 'restore',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/services/**/*.restore-spec.ts'],
      globalTeardown: '<rootDir>/services/api/test/ha/global-teardown.ts',
      testTimeout: 900000,
    },
  ],
};

/**
 * One jest run for the backend's three tiers: pure `*.spec.ts` beside the code,
 * `*.int-spec.ts` against a real PostgreSQL, and `test/*.e2e-spec.ts` over HTTP.
 * Each database-backed test file creates its own database (test/support/test-database.ts)
 * on the PostgreSQL the global setup starts (or TEST_PG_URL when it is given).
 */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 2,
};

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    passWithNoTests: true,
    // One real PostgreSQL server for the run; test files make their own databases on it.
    globalSetup: ['./test/global-postgres.ts'],
    // The summary reporter prints the final `N passed, M failed[, K skipped]` line CI greps for.
    reporters: ['default', './test/vitest-summary-reporter.ts'],
  },
});

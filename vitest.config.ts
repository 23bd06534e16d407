import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default (cores - 1) is one worker on the 2-core CI machine, where many files mostly wait
    // (servers started, relay polls, soak runs): two workers took the suite from 205 s to 153 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Test files of one worker share loaded modules instead of importing Fastify, Kysely, the contract
    // and the servers again for each file (nearly half the suite's CPU time went to that). So a test
    // sets up the state it needs (its own server, database, store owner) and never counts on a module
    // being fresh; no test mocks modules or globals. The suite passes this way on one worker too.
    isolate: false,
    passWithNoTests: true,
    // One real PostgreSQL server for the run; test files make their own databases on it. And the
    // cluster tests' console server process, bundled once instead of run through tsx at each start.
    globalSetup: ['./test/global-postgres.ts', './test/global-cluster-node.ts'],
    // The summary reporter prints the final `N passed, M failed[, K skipped]` line CI greps for.
    reporters: ['default', './test/vitest-summary-reporter.ts'],
  },
});

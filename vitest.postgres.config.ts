import { defineConfig } from 'vitest/config';

// The registry's route and store tests again, with every test registry's store on a
// throwaway PostgreSQL server (test/postgres-setup.ts, test/helpers/test-store.ts).
export default defineConfig({
  test: {
    include: ['test/registry/**/*.test.ts'],
    globalSetup: ['test/postgres-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts', ['json', { outputFile: 'test-results/vitest-postgres.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

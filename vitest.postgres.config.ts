import { defineConfig } from 'vitest/config';

// The registry's route, store and conformance tests again, with every test registry's store on a
// throwaway PostgreSQL server (test/postgres-setup.ts, test/helpers/test-store.ts).
export default defineConfig({
  test: {
    include: ['test/registry/**/*.test.ts', 'test/conformance/**/*.test.ts'],
    globalSetup: ['test/postgres-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts', ['json', { outputFile: 'test-results/vitest-postgres.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

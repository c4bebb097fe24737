import { defineConfig } from 'vitest/config';

// The route fuzz and the access matrix against a team registry's store: every world a copy
// of a template database on a throwaway PostgreSQL server (test/helpers/access-database.ts).
export default defineConfig({
  test: {
    include: ['test/stress/fuzz-routes.test.ts', 'test/reliability/auth-matrix.test.ts'],
    globalSetup: ['test/postgres-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts', ['json', { outputFile: 'test-results/vitest-stress-postgres.json' }]],
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
  },
});

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stress`: the long suites under test/stress (load, crash cycles, fuzzing),
 * which `npm test` leaves out. SLASHBENCH_STRESS_SECONDS sets each timed phase (30 s by
 * default; CI runs shorter). One file at a time: each one loads the 2-core machine alone.
 */
export default defineConfig({
  test: {
    include: ['test/stress/**/*.test.ts'],
    reporters: ['default', './test/summary-reporter.ts', ['json', { outputFile: 'test-results/vitest-stress.json' }]],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});

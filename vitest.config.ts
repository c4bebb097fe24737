import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The JSON report is what CI checks for tests skipped that should have run (scripts/check-skips.js).
    reporters: ['default', './test/summary-reporter.ts', ['json', { outputFile: 'test-results/vitest.json' }]],
    exclude: ['test/stress/**', '**/node_modules/**'],
    // Interop and crash tests start real servers; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

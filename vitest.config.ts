import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test files wait on Chromium, nginx or a subprocess rather than compute: run four at a
    // time on two cores, and the longest (the full accessibility scan) first.
    maxWorkers: 4,
    sequence: { shuffle: false },
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});

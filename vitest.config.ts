import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core; the browser tests share one build of the real site.
    maxWorkers: 2,
    globalSetup: ['./tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});

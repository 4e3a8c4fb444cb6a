import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three test files at a time on two cores: the browser and CLI tests spend much of their time
    // waiting on pages and subprocesses. The browser tests share one build of the real site.
    maxWorkers: 3,
    globalSetup: ['./tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});

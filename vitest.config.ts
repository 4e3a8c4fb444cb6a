import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share its imported modules (the generator, Playwright), imported once:
    // each file brings its own fixtures (sites in temporary folders, its own server and Chromium),
    // so no state crosses files, and the suite spends about a tenth less CPU.
    isolate: false,
    // Three test files at a time on two cores: the browser and CLI tests spend much of their time
    // waiting on pages and subprocesses. The browser tests share one build of the real site.
    maxWorkers: 3,
    globalSetup: ['./tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});

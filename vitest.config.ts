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
    // Two test files at a time on two cores: the suite is bound by CPU (Chromium, subprocess
    // builds), and a third file at a time only adds switching (measured: a sixth more CPU, and
    // slower). The browser tests share one build of the real site.
    maxWorkers: 2,
    globalSetup: ['./tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});

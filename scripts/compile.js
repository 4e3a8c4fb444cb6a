// Compiles the generator (TypeScript) into dist/ with esbuild: one file for the CLI, one for each
// worker (pages, share cards), and the project's own tools (screenshots, audit), which bundle the test helpers
// they share with the tests. All sit in dist/, one folder below the package root, as
// generator/paths.ts expects. Dependencies stay external and load from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunks are named by their hash: without a clean start, every compile would leave the last ones.
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: {
    cli: 'generator/cli.ts',
    // The worker pool's thread (share cards).
    'pool-worker': 'generator/workers/worker.ts',
    // What a page loads of JavaScript on first view: `site check`'s rule, for bench/size.js.
    'first-view': 'generator/check/first-view.ts',
    screenshots: 'scripts/screenshots.ts',
    audit: 'scripts/audit.ts',
  },
  outdir: 'dist',
  bundle: true,
  // The CLI loads each command on demand: split them into chunks of their own, beside the
  // entries (generator/paths.ts finds the package root one folder up from any of them).
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

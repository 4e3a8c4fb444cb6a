// Compiles the generator (TypeScript) into dist/ with esbuild: one file for the CLI, one for the
// render worker. Dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'generator/cli.ts', 'render-worker': 'generator/render/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The project's own tools (screenshots, audit) bundle the test helpers they share with the tests;
// they sit in dist/ beside the CLI, one folder below the package root, as paths.ts expects.
await build({
  entryPoints: { screenshots: 'scripts/screenshots.ts', audit: 'scripts/audit.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeUnused } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import type { SiteConfig, TemplateInventory } from '../types.ts';
import { runEsbuild, toContentHash, type BundleRun } from './run.ts';

// Written below the generator's node_modules so `react` resolves to the copy `react-dom/server` uses.

/** Its name carries its code's hash, which its bytes must still give. */
export function isServerModuleIntact(file: string): boolean {
  const named = /^server\.([\w-]+)\.cjs$/.exec(path.basename(file))?.[1];
  try {
    return named !== undefined && toContentHash(readFileSync(file, 'utf8')) === named;
  } catch {
    return false;
  }
}

export async function bundleServer(config: SiteConfig, templates: TemplateInventory, run: BundleRun): Promise<string> {
  const code = await runEsbuild(
    {
      stdin: {
        contents: renderServerEntry(config, templates),
        resolveDir: config.templatesDir,
        sourcefile: 'server-entry.ts',
        loader: 'ts',
      },
      absWorkingDir: config.root,
      platform: 'node',
      // Loaded by render/server-module.ts, which needs CommonJS.
      format: 'cjs',
      packages: 'external',
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcesContent: false,
      define: { 'process.env.NODE_ENV': '"production"' },
    },
    run,
  );
  const dir = CACHES.server.dir;
  const file = path.join(dir, `server.${toContentHash(code)}.cjs`);
  // A damaged file of that name would otherwise be loaded by every build to come.
  if (!isServerModuleIntact(file)) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, code);
    // A watch session writes one per template edit.
    await removeUnused(dir, (name) => name.endsWith('.cjs'));
  }
  return file;
}

function renderServerEntry(config: SiteConfig, templates: TemplateInventory): string {
  return [
    `export { default as App } from './App.tsx';`,
    ...(existsSync(path.join(config.templatesDir, 'ShareCard.tsx'))
      ? [`export { default as ShareCard } from './ShareCard.tsx';`]
      : []),
    ...templates.pages.map((name, i) => `import page${i} from './pages/${name}.tsx';`),
    ...templates.layouts.map((name, i) => `import layout${i} from './layouts/${name}.tsx';`),
    `export const pages = { ${templates.pages.map((name, i) => `${JSON.stringify(name)}: page${i}`).join(', ')} };`,
    `export const layouts = { ${templates.layouts.map((name, i) => `${JSON.stringify(name)}: layout${i}`).join(', ')} };`,
  ].join('\n');
}

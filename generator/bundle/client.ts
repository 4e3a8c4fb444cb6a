import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { runEsbuild as runEsbuildResult } from '../esbuild.ts';
import { PACKAGE_ROOT, RUNTIME_DIR } from '../paths.ts';
import type { ClientAssets, SiteConfig, TemplateInventory } from '../types.ts';
import { addInputs, runEsbuild, type BundleOptions, type BundleRun } from './run.ts';

export interface ClientBundle {
  readonly files: Map<string, string>;
  readonly boot: string;
  readonly templates: Record<string, string[]>;
  readonly sources: ClientAssets['sources'];
}

/**
 * The browser bundle: the runtime entry with the app shell and layouts, and one chunk per page
 * template loaded on demand (esbuild code splitting; shared code in common chunks).
 */
export async function bundleClient(
  config: SiteConfig,
  templates: TemplateInventory,
  define: Record<string, string>,
  options: BundleOptions,
  inputs: Set<string>,
): Promise<ClientBundle> {
  const entry = renderClientEntry(templates);
  const outdir = path.join(config.root, '_app');
  const result = await runEsbuildResult(
    toClientBuildOptions(config, templates, entry, outdir, define, options),
    'BUNDLE_FAILED',
    undefined,
    options.contexts ? { contexts: options.contexts, name: 'client', extraKey: entry } : undefined,
  );
  addInputs({ inputs, reuse: undefined }, { absWorkingDir: config.root }, result.metafile);
  const { boot, templates: byTemplate, sources } = toEntryChunks(config.root, outdir, result.metafile?.outputs ?? {});
  const files = new Map(
    result.outputFiles.map((f) => [`_app/${path.relative(outdir, f.path).split(path.sep).join('/')}`, f.text]),
  );
  return { files, boot, templates: byTemplate, sources };
}

/** The runtime entry's source: it starts the app with the shell, the layouts and a loader per page template. */
function renderClientEntry(templates: TemplateInventory): string {
  return [
    `import { start } from ${JSON.stringify(path.join(RUNTIME_DIR, 'boot.ts'))};`,
    `import App from './App.tsx';`,
    ...templates.layouts.map((name, i) => `import layout${i} from './layouts/${name}.tsx';`),
    'start({ App,',
    `  layouts: { ${templates.layouts.map((name, i) => `${JSON.stringify(name)}: layout${i}`).join(', ')} },`,
    `  pages: { ${templates.pages.map((name) => `${JSON.stringify(name)}: () => import('./pages/${name}.tsx')`).join(', ')} },`,
    '});',
  ].join('\n');
}

/** esbuild's options for the browser bundle: the runtime entry (from memory) and each page template. */
function toClientBuildOptions(
  config: SiteConfig,
  templates: TemplateInventory,
  entry: string,
  outdir: string,
  define: Record<string, string>,
  options: BundleOptions,
): BuildOptions {
  const pagePaths = templates.pages.map((name) => path.join(config.templatesDir, 'pages', `${name}.tsx`));
  return {
    entryPoints: [{ in: 'site-boot', out: 'boot' }, ...pagePaths],
    plugins: [
      {
        name: 'site-boot',
        setup(build) {
          build.onResolve({ filter: /^site-boot$/ }, () => ({ path: 'site-boot', namespace: 'site' }));
          build.onLoad({ filter: /.*/, namespace: 'site' }, () => ({
            contents: entry,
            resolveDir: config.templatesDir,
            loader: 'ts',
          }));
        },
      },
    ],
    absWorkingDir: config.root,
    nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    // Text outside ASCII as it is, not as `\u` escapes twice its size: a module script is always
    // read as UTF-8, whatever the server says its charset is.
    charset: 'utf8',
    // The licences of the bundled packages (React's) in a file beside each chunk that holds them,
    // which the chunk names in one line: not downloaded with every first view.
    legalComments: 'linked',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
    outdir,
    entryNames: options.stableNames ? '[name]' : '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    define,
  };
}

/** The chunks each entry loads first (the runtime's, each page template's) and the source files behind them. */
function toEntryChunks(root: string, outdir: string, outputs: Metafile['outputs']): Omit<ClientBundle, 'files'> {
  const toUrl = (file: string) => `/_app/${path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/')}`;
  let boot = '';
  const byTemplate: Record<string, string[]> = {};
  const sources = { boot: [] as string[], templates: {} as Record<string, string[]> };
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    if (output.entryPoint === 'site:site-boot') {
      const [entry = '', ...imports] = toStaticClosure(outputs, file, toUrl);
      boot = entry;
      sources.boot = toSourceFiles(outputs, [entry, ...imports], toUrl);
      continue;
    }
    const name = path.basename(output.entryPoint).replace(/\.tsx$/, '');
    byTemplate[name] = toStaticClosure(outputs, file, toUrl);
    sources.templates[name] = toSourceFiles(outputs, byTemplate[name], toUrl);
  }
  return { boot, templates: byTemplate, sources };
}

/** Every chunk a module imports statically, transitively, as URLs: what a page using it loads first. */
function toStaticClosure(
  outputs: Metafile['outputs'],
  file: string,
  toUrl: (file: string) => string,
  seen = new Set<string>(),
): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return [
    toUrl(file),
    ...(outputs[file]?.imports ?? [])
      .filter((i) => i.kind === 'import-statement')
      .flatMap((i) => toStaticClosure(outputs, i.path, toUrl, seen)),
  ];
}

/** The source files behind chunks (by URL), sorted: what a change to a file affects. */
function toSourceFiles(
  outputs: Metafile['outputs'],
  urls: readonly string[],
  toUrl: (file: string) => string,
): string[] {
  return [
    ...new Set(
      urls.flatMap((url) => {
        const file = Object.keys(outputs).find((f) => toUrl(f) === url);
        return Object.keys(outputs[file ?? '']?.inputs ?? {}).filter(
          (i) => !i.startsWith('site:') && !i.includes('node_modules'),
        );
      }),
    ),
  ].sort();
}

/** A script of its own (the 404 page's, the root redirect's): one minified file for older browsers too. */
export async function bundleScript(entry: string, define: Record<string, string>, run: BundleRun): Promise<string> {
  return runEsbuild(
    {
      entryPoints: [entry],
      absWorkingDir: PACKAGE_ROOT,
      platform: 'browser',
      format: 'iife',
      minify: true,
      target: 'es2019',
      define,
    },
    run,
  );
}

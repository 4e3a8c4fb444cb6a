import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { runEsbuild as runEsbuildResult } from '../esbuild.ts';
import { PACKAGE_ROOT, RUNTIME_DIR } from '../paths.ts';
import type { ClientAssets, SiteConfig, TemplateInventory } from '../types.ts';
import { addInputs, runEsbuild, type BundleOptions, type BundleRun } from './run.ts';

export interface ClientBundle {
  readonly files: Map<string, string>;
  readonly boot: string;
  readonly idle: string[];
  readonly templates: Record<string, string[]>;
  readonly sources: ClientAssets['sources'];
}

/**
 * The browser bundle: the runtime's entry (the first view), the app shell it loads later, and one
 * chunk per page template loaded on demand (esbuild code splitting; shared code in common chunks).
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
    options.contexts ? { contexts: options.contexts, name: 'client', extraKey: entry.boot + entry.shell } : undefined,
  );
  addInputs({ inputs, reuse: undefined }, { absWorkingDir: config.root }, result.metafile);
  const chunks = toEntryChunks(config.root, outdir, result.metafile?.outputs ?? {}, templates.pages);
  const files = new Map(
    result.outputFiles.map((f) => [`_app/${path.relative(outdir, f.path).split(path.sep).join('/')}`, f.text]),
  );
  return { files, ...chunks };
}

/**
 * The sources of the runtime's entry, the first view (runtime/boot.ts, with a loader of React's
 * renderer, of the app shell and of each page template), and of the app shell it loads (App, the
 * layouts, and the runtime that hydrates them).
 */
function renderClientEntry(templates: TemplateInventory): { boot: string; shell: string } {
  const boot = [
    `import { start } from ${JSON.stringify(path.join(RUNTIME_DIR, 'boot.ts'))};`,
    `start({ react: () => import('react-dom/client'), shell: () => import('site-shell'),`,
    `  pages: { ${templates.pages.map((name) => `${JSON.stringify(name)}: () => import('./pages/${name}.tsx')`).join(', ')} },`,
    '});',
  ].join('\n');
  const shell = [
    `export { hydratePage } from ${JSON.stringify(path.join(RUNTIME_DIR, 'hydrate.ts'))};`,
    `export { default as App } from './App.tsx';`,
    ...templates.layouts.map((name, i) => `import layout${i} from './layouts/${name}.tsx';`),
    `export const layouts = { ${templates.layouts.map((name, i) => `${JSON.stringify(name)}: layout${i}`).join(', ')} };`,
  ].join('\n');
  return { boot, shell };
}

/** The explicit compile hint a chunk starts with: compile every function of it eagerly. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** esbuild's options for the browser bundle: the runtime entry (from memory) and each page template. */
function toClientBuildOptions(
  config: SiteConfig,
  templates: TemplateInventory,
  entry: { boot: string; shell: string },
  outdir: string,
  define: Record<string, string>,
  options: BundleOptions,
): BuildOptions {
  const pagePaths = templates.pages.map((name) => path.join(config.templatesDir, 'pages', `${name}.tsx`));
  return {
    entryPoints: [{ in: 'site-boot', out: 'boot' }, ...pagePaths],
    plugins: [
      {
        name: 'site-entry',
        setup(build) {
          build.onResolve({ filter: /^site-(boot|shell)$/ }, (args) => ({ path: args.path, namespace: 'site' }));
          build.onLoad({ filter: /.*/, namespace: 'site' }, (args) => ({
            contents: args.path === 'site-shell' ? entry.shell : entry.boot,
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
    // Every chunk asks, by its first line, to have all its functions compiled as it downloads, off
    // the page's main thread: evaluating the app (React's renderer is one function as bundled)
    // then takes little of it (behaviour.md: Pages on demand). A browser that does not know
    // the hint reads a comment.
    banner: { js: COMPILE_HINT },
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
    outdir,
    entryNames: options.stableNames ? '[name]' : '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    define,
  };
}

/**
 * The runtime modules a page loads once it is idle after hydrating, with the app shell and its own
 * template's chunk: client navigation and the rest (runtime/hydrate.ts), and the error page's
 * template, loaded ahead so that an error can be shown.
 */
const IDLE_RUNTIME = ['enhance.ts'];
const IDLE_TEMPLATES = ['error'];
/** React's renderer, which the first view loads on its own before the app shell (runtime/boot.ts). */
const REACT_ENTRY = 'node_modules/react-dom/client.js';

/**
 * The chunks each entry loads first (the first view's, each page template's), those every page
 * loads once idle, and the source files behind them.
 */
function toEntryChunks(
  root: string,
  outdir: string,
  outputs: Metafile['outputs'],
  pages: readonly string[],
): Omit<ClientBundle, 'files'> {
  const toUrl = (file: string) => `/_app/${path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/')}`;
  const idleRuntime = new Set(IDLE_RUNTIME.map((name) => path.join(RUNTIME_DIR, name)));
  let first: string[] = [];
  const idle = new Set<string>();
  const byTemplate: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(outputs)) {
    const entryPoint = output.entryPoint;
    if (!entryPoint) continue;
    const name = path.basename(entryPoint).replace(/\.tsx$/, '');
    if (entryPoint === 'site:site-boot') first = toStaticClosure(outputs, file, toUrl);
    else if (
      entryPoint === 'site:site-shell' ||
      entryPoint.endsWith(REACT_ENTRY) ||
      idleRuntime.has(path.resolve(root, entryPoint))
    )
      for (const url of toStaticClosure(outputs, file, toUrl)) idle.add(url);
    else if (pages.includes(name) && entryPoint.endsWith('.tsx'))
      byTemplate[name] = toStaticClosure(outputs, file, toUrl);
  }
  for (const name of IDLE_TEMPLATES) for (const url of byTemplate[name] ?? []) idle.add(url);
  for (const url of first) idle.delete(url);
  const sources = {
    // What every page runs: a change to any of it may change every page.
    boot: toSourceFiles(outputs, [...first, ...idle], toUrl),
    templates: Object.fromEntries(
      Object.entries(byTemplate).map(([name, urls]) => [name, toSourceFiles(outputs, urls, toUrl)]),
    ),
  };
  return { boot: first[0] ?? '', idle: [...idle], templates: byTemplate, sources };
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

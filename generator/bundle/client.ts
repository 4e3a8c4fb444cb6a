import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { runEsbuild as runEsbuildResult } from '../esbuild.ts';
import { PACKAGE_ROOT, RUNTIME_DIR } from '../paths.ts';
import type { ClientAssets, SiteConfig, TemplateInventory } from '../types.ts';
import { toRootRelative } from './key.ts';
import { addInputs, runEsbuild, type BundleOptions, type BundleRun } from './run.ts';

type ClientBundle = Pick<ClientAssets, 'boot' | 'idle' | 'templates' | 'sources'> & {
  readonly files: Map<string, string>;
};

/** The first view's entry, the app shell it loads later, and one chunk per page template. */
export async function bundleClient(
  config: SiteConfig,
  templates: TemplateInventory,
  define: Record<string, string>,
  options: BundleOptions,
  inputs: Set<string>,
): Promise<ClientBundle> {
  const entry = renderClientEntry(templates);
  const result = await runEsbuildResult(
    toClientBuildOptions(config, templates, entry, define, options),
    'BUNDLE_FAILED',
    undefined,
    options.contexts ? { contexts: options.contexts, name: 'client', extraKey: entry.boot + entry.shell } : undefined,
  );
  addInputs(inputs, { absWorkingDir: config.root }, result.metafile);
  const chunks = toEntryChunks(config.root, result.metafile?.outputs ?? {}, templates.pages);
  const files = new Map(result.outputFiles.map((f) => [toRootRelative(config, f.path), f.text]));
  return { files, ...chunks };
}

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

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

function toClientBuildOptions(
  config: SiteConfig,
  templates: TemplateInventory,
  entry: { boot: string; shell: string },
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
    // Module scripts are always read as UTF-8, so no `\u` escapes twice the size.
    charset: 'utf8',
    // Licences in a linked file, not downloaded with every first view.
    legalComments: 'linked',
    // Compiles every function off the main thread as the chunk downloads; other browsers read a
    // comment (behaviour.md: Pages on demand).
    banner: { js: COMPILE_HINT },
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
    outdir: path.join(config.root, '_app'),
    entryNames: options.stableNames ? '[name]' : '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    define,
  };
}

/** Loaded once idle after hydrating; the error template ahead, so an error can be shown. */
const IDLE_RUNTIME = path.join(RUNTIME_DIR, 'enhance.ts');
const IDLE_TEMPLATE = 'error';
/** Loaded on its own before the app shell (runtime/boot.ts). */
const REACT_ENTRY = 'node_modules/react-dom/client.js';

/** `outputs` are named from the site's root, as the files are: `_app/boot.HASH.js`. */
function toEntryChunks(
  root: string,
  outputs: Metafile['outputs'],
  pages: readonly string[],
): Omit<ClientBundle, 'files'> {
  const toUrl = (file: string) => `/${file}`;
  let first: string[] = [];
  const idle = new Set<string>();
  const byTemplate: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(outputs)) {
    const entryPoint = output.entryPoint;
    if (!entryPoint) continue;
    const name = path.basename(entryPoint).replace(/\.tsx$/, '');
    if (entryPoint === 'site:site-boot') first = toStaticClosure(outputs, file);
    else if (
      entryPoint === 'site:site-shell' ||
      entryPoint.endsWith(REACT_ENTRY) ||
      path.resolve(root, entryPoint) === IDLE_RUNTIME
    )
      for (const chunk of toStaticClosure(outputs, file)) idle.add(chunk);
    else if (pages.includes(name) && entryPoint.endsWith('.tsx')) byTemplate[name] = toStaticClosure(outputs, file);
  }
  for (const chunk of byTemplate[IDLE_TEMPLATE] ?? []) idle.add(chunk);
  for (const chunk of first) idle.delete(chunk);
  const templates = Object.entries(byTemplate);
  const sources = {
    // A change to any of these may change every page.
    boot: toSourceFiles(outputs, [...first, ...idle]),
    templates: Object.fromEntries(templates.map(([name, chunks]) => [name, toSourceFiles(outputs, chunks)])),
  };
  return {
    boot: first[0] === undefined ? '' : toUrl(first[0]),
    idle: [...idle].map(toUrl),
    templates: Object.fromEntries(templates.map(([name, chunks]) => [name, chunks.map(toUrl)])),
    sources,
  };
}

/** The output files an entry imports statically, itself first. */
function toStaticClosure(outputs: Metafile['outputs'], file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return [
    file,
    ...(outputs[file]?.imports ?? [])
      .filter((i) => i.kind === 'import-statement')
      .flatMap((i) => toStaticClosure(outputs, i.path, seen)),
  ];
}

/** The site's own sources behind the output files. */
function toSourceFiles(outputs: Metafile['outputs'], files: readonly string[]): string[] {
  const inputs = files.flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
  return [...new Set(inputs.filter((i) => !i.startsWith('site:') && !i.includes('node_modules')))].sort();
}

/** One minified file for older browsers too. */
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

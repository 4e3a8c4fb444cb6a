import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Metafile } from 'esbuild';
import { runEsbuild as runEsbuildResult, type EsbuildContexts, type Reuse } from '../esbuild.ts';
import { removeUnused } from '../file-cache.ts';
import { CACHES } from '../caches.ts';
import { PACKAGE_ROOT, RUNTIME_DIR } from '../paths.ts';
import type { ClientAssets, CodeAssets, LocaleCode, SharedData, SiteConfig, TemplateInventory } from '../types.ts';

// The bundled server module is written below the generator's own node_modules, so that its
// `react` import resolves to the same copy as the generator's `react-dom/server`.

/** This module's own file (once compiled, the chunk that holds it): part of the bundle cache's key. */
export const BUNDLER_FILE = fileURLToPath(import.meta.url);

/**
 * Whether a server bundle in the cache is as it was written: its name carries the hash of its
 * code (`server.<hash>.cjs`), which its bytes must still give.
 */
export function isServerModuleIntact(file: string): boolean {
  const named = /^server\.([\w-]+)\.cjs$/.exec(path.basename(file))?.[1];
  try {
    return named !== undefined && toContentHash(readFileSync(file, 'utf8')) === named;
  } catch {
    return false;
  }
}

export function toContentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
}

/** Bundles the templates for the server, the stylesheet, the browser scripts and the shared data files. */
export interface BundleOptions {
  /**
   * Entry files (the runtime, each template's chunk, the stylesheet, the shared data files) named
   * without content hashes (watch mode): a change to one file then leaves every other URL, and so
   * every page that does not use the file, as it was. Shared chunks keep their hashes.
   */
  readonly stableNames?: boolean;
  /** Watch mode: esbuild's incremental contexts, so a rebuild parses only what changed. */
  readonly contexts?: EsbuildContexts;
  /** Watch mode: the runtime answers the dev client's requests to render the page again. */
  readonly dev?: boolean;
}

/**
 * What every page of a locale shares (behaviour.md: Payloads), as one JSON file per locale under
 * `_app/data/`, and their URLs: locale → URL.
 */
export interface SharedFiles {
  readonly urls: Record<LocaleCode, string>;
  readonly files: ReadonlyMap<string, string>;
}

export function toSharedFiles(
  data: Readonly<Record<LocaleCode, SharedData>>,
  options: BundleOptions = {},
): SharedFiles {
  const files = new Map<string, string>();
  const urls: Record<LocaleCode, string> = {};
  for (const [code, shared] of Object.entries(data)) {
    const contents = JSON.stringify(shared);
    const file = options.stableNames ? `_app/data/${code}.json` : `_app/data/${code}.${toContentHash(contents)}.json`;
    files.set(file, contents);
    urls[code] = `/${file}`;
  }
  return { urls, files };
}

/** The code bundles with the shared data files: the assets a build writes under `_app/`. */
export function withSharedFiles(code: CodeAssets, shared: SharedFiles): ClientAssets {
  return { ...code, shared: shared.urls, files: new Map([...code.files, ...shared.files]) };
}

/** The code bundles, and every file esbuild read to make them (absolute paths). */
export interface CodeBundle {
  readonly assets: CodeAssets;
  readonly inputs: ReadonlySet<string>;
}

/**
 * Everything but the shared data files, which the scripts do not name (each page's payload names
 * its own): a changed text, menu or contact leaves the code as it was.
 */
export async function bundleCode(
  config: SiteConfig,
  templates: TemplateInventory,
  options: BundleOptions = {},
): Promise<CodeBundle> {
  const files = new Map<string, string | Uint8Array>();
  const inputs = new Set<string>();
  const add = (name: string, ext: string, contents: string): string => {
    const file = options.stableNames ? `_app/${name}.${ext}` : `_app/${name}.${toContentHash(contents)}.${ext}`;
    files.set(file, contents);
    return `/${file}`;
  };
  const define = {
    __SITE__: JSON.stringify(toRuntimeSettings(config)),
    // The runtime's watch-mode hooks: only in a watch session's bundle.
    __SITE_DEV__: String(options.dev === true),
    'process.env.NODE_ENV': '"production"',
  };
  const reuse = (name: string, extraKey?: string): BundleRun => ({
    inputs,
    reuse: options.contexts ? { contexts: options.contexts, name, extraKey } : undefined,
  });
  const [serverModule, css, noscriptCss, notFound, rootRedirect, client] = await Promise.all([
    bundleServer(config, templates, reuse('server')),
    bundleCss(config, reuse('css')),
    runEsbuild(
      {
        entryPoints: [path.join(config.templatesDir, 'styles', 'noscript.css')],
        absWorkingDir: config.root,
        minify: true,
      },
      reuse('noscript'),
    ),
    bundleScript(path.join(RUNTIME_DIR, 'not-found.ts'), define, reuse('not-found')),
    bundleScript(path.join(RUNTIME_DIR, 'root-redirect.ts'), define, reuse('root-redirect')),
    bundleClient(config, templates, define, options, inputs),
  ]);
  for (const [file, contents] of client.files) files.set(file, contents);
  const assets: CodeAssets = {
    serverModule,
    boot: client.boot,
    templates: client.templates,
    sources: client.sources,
    rootRedirect: add('root-redirect', 'js', rootRedirect),
    css: add('site', 'css', css),
    noscriptCss: add('noscript', 'css', noscriptCss),
    notFoundScript: add('not-found', 'js', notFound),
    files,
  };
  return { assets, inputs };
}

/** How one esbuild run is made: the session's context to reuse (watch mode), and where its inputs go. */
interface BundleRun {
  readonly inputs: Set<string>;
  readonly reuse: Reuse | undefined;
}

/** The server render module: App, every page template and every layout, React left external. */
async function bundleServer(config: SiteConfig, templates: TemplateInventory, run: BundleRun): Promise<string> {
  const importLines = [
    ...templates.pages.map((name, i) => `import page${i} from './pages/${name}.tsx';`),
    ...templates.layouts.map((name, i) => `import layout${i} from './layouts/${name}.tsx';`),
  ];
  const entry = [
    `export { default as App } from './App.tsx';`,
    ...(existsSync(path.join(config.templatesDir, 'ShareCard.tsx'))
      ? [`export { default as ShareCard } from './ShareCard.tsx';`]
      : []),
    ...importLines,
    `export const pages = { ${templates.pages.map((name, i) => `${JSON.stringify(name)}: page${i}`).join(', ')} };`,
    `export const layouts = { ${templates.layouts.map((name, i) => `${JSON.stringify(name)}: layout${i}`).join(', ')} };`,
  ].join('\n');
  const code = await runEsbuild(
    {
      stdin: { contents: entry, resolveDir: config.templatesDir, sourcefile: 'server-entry.ts', loader: 'ts' },
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
  // There already, it is written again unless it is whole: a file of that name cut short or damaged
  // on the disk would otherwise be loaded by every build to come.
  if (!isServerModuleIntact(file)) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, code);
    // A watch session writes one per template edit.
    await removeUnused(dir, (name) => name.endsWith('.cjs'));
  }
  return file;
}

/** The stylesheet: the site's CSS, and the theme's custom properties from the configuration. */
async function bundleCss(config: SiteConfig, run: BundleRun): Promise<string> {
  const { theme } = config;
  const vars = `:root{--color-primary:${theme.primary};--color-secondary:${theme.secondary};--drawer-width:${config.runtime.drawerWidth}px;--rail-width:${config.runtime.railWidth}px;color-scheme:${theme.dark ? 'dark' : 'light'}}`;
  // `@import` must come first: CSS ignores one that follows a rule.
  const contents = `@import "./styles/site.css";\n${vars}\n`;
  return runEsbuild(
    {
      stdin: { contents, resolveDir: config.templatesDir, sourcefile: 'theme.css', loader: 'css' },
      absWorkingDir: config.root,
      minify: true,
    },
    run,
  );
}

/** What the browser runtime is told of the site at bundle time (runtime/settings.ts). */
function toRuntimeSettings(config: SiteConfig) {
  const { runtime } = config;
  return {
    cookieName: runtime.cookieName,
    cookieMaxAgeDays: runtime.cookieMaxAgeDays,
    reloadGuardMs: runtime.reloadGuardMs,
    idleCheckDelayMs: runtime.idleCheckDelayMs,
    prefetchLimit: runtime.prefetchLimit,
    repaintWaitMs: runtime.repaintWaitMs,
    notificationMs: runtime.notificationMs,
    titleSeparator: config.titleSeparator,
    keepWhole: config.keepWhole,
    locales: config.locales.map(({ code, iso, prefix, ogLocale, siteTitle }) => ({
      code,
      iso,
      prefix,
      ogLocale,
      siteTitle,
    })),
    fallbackLocale: config.fallbackLocale,
  };
}

async function bundleScript(entry: string, define: Record<string, string>, run: BundleRun): Promise<string> {
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

interface ClientBundle {
  readonly files: Map<string, string>;
  readonly boot: string;
  readonly templates: Record<string, string[]>;
  readonly sources: ClientAssets['sources'];
}

/**
 * The browser bundle: the runtime entry with the app shell and layouts, and one chunk per page
 * template loaded on demand (esbuild code splitting; shared code in common chunks).
 */
async function bundleClient(
  config: SiteConfig,
  templates: TemplateInventory,
  define: Record<string, string>,
  options: BundleOptions,
  inputs: Set<string>,
): Promise<ClientBundle> {
  const pagePaths = templates.pages.map((name) => path.join(config.templatesDir, 'pages', `${name}.tsx`));
  const entry = [
    `import { start } from ${JSON.stringify(path.join(RUNTIME_DIR, 'boot.ts'))};`,
    `import App from './App.tsx';`,
    ...templates.layouts.map((name, i) => `import layout${i} from './layouts/${name}.tsx';`),
    'start({ App,',
    `  layouts: { ${templates.layouts.map((name, i) => `${JSON.stringify(name)}: layout${i}`).join(', ')} },`,
    `  pages: { ${templates.pages.map((name) => `${JSON.stringify(name)}: () => import('./pages/${name}.tsx')`).join(', ')} },`,
    '});',
  ].join('\n');
  const outdir = path.join(config.root, '_app');
  const result = await runEsbuildResult(
    {
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
    },
    'BUNDLE_FAILED',
    undefined,
    options.contexts ? { contexts: options.contexts, name: 'client', extraKey: entry } : undefined,
  );
  addInputs({ inputs, reuse: undefined }, { absWorkingDir: config.root }, result.metafile);
  const toUrl = (file: string) =>
    `/_app/${path.relative(outdir, path.resolve(config.root, file)).split(path.sep).join('/')}`;
  const outputs = result.metafile?.outputs ?? {};
  // Every chunk a module imports statically, transitively: what a page using it loads first.
  const closure = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    return [
      toUrl(file),
      ...(outputs[file]?.imports ?? [])
        .filter((i) => i.kind === 'import-statement')
        .flatMap((i) => closure(i.path, seen)),
    ];
  };
  const files = new Map(
    result.outputFiles.map((f) => [`_app/${path.relative(outdir, f.path).split(path.sep).join('/')}`, f.text]),
  );
  // The source files behind a chunk and the chunks it imports: what a change to a file affects.
  const toSources = (urls: readonly string[]) =>
    [
      ...new Set(
        urls.flatMap((url) => {
          const file = Object.keys(outputs).find((f) => toUrl(f) === url);
          return Object.keys(outputs[file ?? '']?.inputs ?? {}).filter(
            (i) => !i.startsWith('site:') && !i.includes('node_modules'),
          );
        }),
      ),
    ].sort();
  let boot = '';
  const byTemplate: Record<string, string[]> = {};
  const sources = { boot: [] as string[], templates: {} as Record<string, string[]> };
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    if (output.entryPoint === 'site:site-boot') {
      const [entry = '', ...imports] = closure(file);
      boot = entry;
      sources.boot = toSources([entry, ...imports]);
      continue;
    }
    const name = path.basename(output.entryPoint).replace(/\.tsx$/, '');
    byTemplate[name] = closure(file);
    sources.templates[name] = toSources(byTemplate[name]);
  }
  return { files, boot, templates: byTemplate, sources };
}

/** One esbuild run with one output file; the files it read are added to the run's inputs. */
async function runEsbuild(options: BuildOptions, run: BundleRun): Promise<string> {
  const result = await runEsbuildResult({ ...options, metafile: true }, 'BUNDLE_FAILED', undefined, run.reuse);
  addInputs(run, options, result.metafile);
  return result.outputFiles[0]?.text ?? '';
}

/** The metafile's inputs as absolute paths; generated entries (a plugin's, stdin) have none. */
function addInputs(run: BundleRun, options: BuildOptions, metafile: Metafile | undefined): void {
  const base = options.absWorkingDir ?? process.cwd();
  const { stdin } = options;
  const stdinFile = stdin?.sourcefile ? path.resolve(stdin.resolveDir ?? base, stdin.sourcefile) : null;
  for (const input of Object.keys(metafile?.inputs ?? {})) {
    // `<define:…>`, `<stdin>`, a plugin's namespace, the name given to stdin: no file behind them.
    if (input.startsWith('<') || /^[\w-]+:/.test(input)) continue;
    const file = path.resolve(base, input);
    if (file !== stdinFile) run.inputs.add(file);
  }
}

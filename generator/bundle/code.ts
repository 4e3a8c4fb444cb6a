import path from 'node:path';
import { RUNTIME_DIR } from '../paths.ts';
import type { ClientAssets, CodeAssets, LocaleCode, SharedData, SiteConfig, TemplateInventory } from '../types.ts';
import { bundleClient, bundleScript } from './client.ts';
import { runEsbuild, toContentHash, type BundleOptions, type BundleRun } from './run.ts';
import { bundleServer } from './server.ts';
import type { RuntimeSettings } from '../../runtime/settings.ts';

// The code under `_app/` and the server module.

/** behaviour.md: Payloads. */
interface SharedFiles {
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

export function withSharedFiles(code: CodeAssets, shared: SharedFiles, policy: string): ClientAssets {
  return { ...code, shared: shared.urls, policy, files: new Map([...code.files, ...shared.files]) };
}

/** Not the shared data, which scripts do not name: a changed text leaves the code as it was. */
export async function bundleCode(
  config: SiteConfig,
  templates: TemplateInventory,
  options: BundleOptions = {},
): Promise<{ readonly assets: CodeAssets; readonly inputs: ReadonlySet<string> }> {
  const files = new Map<string, string | Uint8Array>();
  const inputs = new Set<string>();
  const add = (name: string, ext: string, contents: string): string => {
    const file = options.stableNames ? `_app/${name}.${ext}` : `_app/${name}.${toContentHash(contents)}.${ext}`;
    files.set(file, contents);
    return `/${file}`;
  };
  const define = {
    __SITE__: JSON.stringify(toRuntimeSettings(config)),
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
    bundleNoscriptCss(config, reuse('noscript')),
    bundleScript(path.join(RUNTIME_DIR, 'not-found.ts'), define, reuse('not-found')),
    bundleScript(path.join(RUNTIME_DIR, 'root-redirect.ts'), define, reuse('root-redirect')),
    bundleClient(config, templates, define, options, inputs),
  ]);
  const { files: clientFiles, ...chunks } = client;
  for (const [file, contents] of clientFiles) files.set(file, contents);
  const assets: CodeAssets = {
    serverModule,
    ...chunks,
    rootRedirect: add('root-redirect', 'js', rootRedirect),
    css: add('site', 'css', css),
    noscriptCss: add('noscript', 'css', noscriptCss),
    notFoundScript: add('not-found', 'js', notFound),
    files,
  };
  return { assets, inputs };
}

async function bundleCss(config: SiteConfig, run: BundleRun): Promise<string> {
  const { theme } = config;
  const vars = `:root{--color-primary:${theme.primary};--color-secondary:${theme.secondary};--drawer-width:${config.runtime.drawerWidth}px;--rail-width:${config.runtime.railWidth}px;color-scheme:${theme.dark ? 'dark' : 'light'}}`;
  // `@import`s first: CSS ignores one after a rule. The rail only with a width (behaviour.md: Constants).
  const rail = config.runtime.railWidth > 0 ? '@import "./components/Rail.css";\n' : '';
  const contents = `@import "./styles/site.css";\n${rail}${vars}\n`;
  return runEsbuild(
    {
      stdin: { contents, resolveDir: config.templatesDir, sourcefile: 'theme.css', loader: 'css' },
      absWorkingDir: config.root,
      // Fonts are public files.
      external: ['/fonts/*'],
      minify: true,
    },
    run,
  );
}

async function bundleNoscriptCss(config: SiteConfig, run: BundleRun): Promise<string> {
  return runEsbuild(
    {
      entryPoints: [path.join(config.templatesDir, 'styles', 'noscript.css')],
      absWorkingDir: config.root,
      minify: true,
    },
    run,
  );
}

function toRuntimeSettings(config: SiteConfig): RuntimeSettings {
  const { drawerWidth: _drawer, railWidth: _rail, ...runtime } = config.runtime;
  const locales = config.locales.map(({ code, iso, prefix, ogLocale, siteTitle, titleSeparator }) => {
    return { code, iso, prefix, ogLocale, siteTitle, titleSeparator };
  });
  return { ...runtime, keepWhole: config.keepWhole, locales, fallbackLocale: config.fallbackLocale };
}

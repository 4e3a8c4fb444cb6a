import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import { runEsbuild, type BundleRun } from './run.ts';

/** The stylesheet: the site's CSS, and the theme's custom properties from the configuration. */
export async function bundleCss(config: SiteConfig, run: BundleRun): Promise<string> {
  const { theme } = config;
  const vars = `:root{--color-primary:${theme.primary};--color-secondary:${theme.secondary};--drawer-width:${config.runtime.drawerWidth}px;--rail-width:${config.runtime.railWidth}px;color-scheme:${theme.dark ? 'dark' : 'light'}}`;
  // `@import` must come first: CSS ignores one that follows a rule. The tablet rail's stylesheet only
  // where the configuration gives it a width (behaviour.md: Constants).
  const rail = config.runtime.railWidth > 0 ? '@import "./components/Rail.css";\n' : '';
  const contents = `@import "./styles/site.css";\n${rail}${vars}\n`;
  return runEsbuild(
    {
      stdin: { contents, resolveDir: config.templatesDir, sourcefile: 'theme.css', loader: 'css' },
      absWorkingDir: config.root,
      // The site's fonts (`url('/fonts/brand.woff2')`) are files of site/public: kept as written.
      external: ['/fonts/*'],
      minify: true,
    },
    run,
  );
}

/** The stylesheet a page loads when scripts do not run (`styles/noscript.css`), minified. */
export async function bundleNoscriptCss(config: SiteConfig, run: BundleRun): Promise<string> {
  return runEsbuild(
    {
      entryPoints: [path.join(config.templatesDir, 'styles', 'noscript.css')],
      absWorkingDir: config.root,
      minify: true,
    },
    run,
  );
}

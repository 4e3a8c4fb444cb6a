import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import { runEsbuild, type BundleRun } from './run.ts';

/** The stylesheet: the site's CSS, and the theme's custom properties from the configuration. */
export async function bundleCss(config: SiteConfig, run: BundleRun): Promise<string> {
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

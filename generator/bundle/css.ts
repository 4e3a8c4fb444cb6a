import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import { runEsbuild, type BundleRun } from './run.ts';

export async function bundleCss(config: SiteConfig, run: BundleRun): Promise<string> {
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

import path from 'node:path';
import fg from 'fast-glob';
import type { SiteConfig, TemplateInventory } from '../types.ts';

/** The page templates and layouts the site has: `site/templates/{pages,layouts}/<name>.tsx`. */
export async function loadTemplateInventory(config: SiteConfig): Promise<TemplateInventory> {
  const [pages, layouts] = await Promise.all(
    ['pages', 'layouts'].map(async (folder) => {
      const files = await fg('*.tsx', { cwd: path.join(config.templatesDir, folder), onlyFiles: true });
      return files.map((f) => f.replace(/\.tsx$/, '')).sort();
    }),
  );
  return { pages: pages ?? [], layouts: layouts ?? [] };
}

/** The files of `site/public`, relative to it, sorted. */
export async function listPublicFiles(config: SiteConfig): Promise<string[]> {
  return (await fg('**/*', { cwd: config.publicDir, onlyFiles: true, dot: false })).sort();
}

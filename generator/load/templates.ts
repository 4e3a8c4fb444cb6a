import { realpath } from 'node:fs/promises';
import { CONFIG_FILE } from '../config-check.ts';
import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem, TemplateInventory } from '../types.ts';
import { isInside } from '../paths.ts';
import { listFiles } from './files.ts';
import { loadWrittenFolders } from './written-folders.ts';

/** The page templates and layouts the site has: `site/templates/{pages,layouts}/<name>.tsx`. */
export async function loadTemplateInventory(config: SiteConfig): Promise<TemplateInventory> {
  // Listed by the rules of every source folder (checkSourceLinks reports the links it refuses).
  const { files } = await listFiles(config.root, config.templatesDir);
  const named = (folder: string) => {
    const template = new RegExp(`^${folder}/([^/]+)\\.tsx$`);
    return files.flatMap((file) => template.exec(file)?.[1] ?? []);
  };
  return { pages: named('pages'), layouts: named('layouts') };
}

/** Editor backups, Emacs auto-saves, Windows's thumbnail caches and folder settings. */
const LEFTOVER = /(?:^|\/)(?:[^/]*~|#[^/]*#|thumbs\.db|ehthumbs\.db|desktop\.ini)$/i;

/** The files `site/public` publishes, sorted: not hidden files (but `.well-known/`) or leftovers. */
export async function listPublicFiles(config: SiteConfig, outDir: string | null = null) {
  const listed = await listFiles(config.root, config.publicDir, {
    openHidden: ['.well-known'],
    misnamed: 'FILE_NAME_NOT_UTF8',
    written: await loadWrittenFolders(outDir),
  });
  const skipped = (code: 'PUBLIC_DOTFILES_SKIPPED' | 'PUBLIC_LEFTOVERS_SKIPPED', files: readonly string[]) =>
    files.length > 0 ? [toProblem(code, { count: String(files.length), files: files.join(', ') })] : [];
  const leftovers = listed.files.filter((file) => LEFTOVER.test(file));
  const problems = [
    ...listed.problems,
    ...skipped('PUBLIC_DOTFILES_SKIPPED', listed.hidden),
    ...skipped('PUBLIC_LEFTOVERS_SKIPPED', leftovers),
  ];
  return { files: listed.files.filter((file) => !LEFTOVER.test(file)), problems };
}

/** The other sources (translations, templates, the configuration) stay inside the project, under UTF-8 names. */
export async function checkSourceLinks(config: SiteConfig): Promise<SiteProblem[]> {
  const listed = await Promise.all(
    [config.localesDir, config.templatesDir].map((dir) =>
      listFiles(config.root, dir, { misnamed: 'FILE_NAME_NOT_UTF8' }),
    ),
  );
  const problems = listed.flatMap((l) => l.problems);
  const real = await realpath(config.configFile).catch(() => config.configFile);
  const loc = { file: CONFIG_FILE, line: 1, column: 1 };
  if (!isInside(real, await realpath(config.root)))
    problems.push(toProblem('SYMLINK_OUTSIDE', { link: CONFIG_FILE, target: real }, loc));
  return problems;
}

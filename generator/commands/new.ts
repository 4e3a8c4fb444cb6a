import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toBuildTime } from '../build-id.ts';
import { toRootRelative } from '../bundle/key.ts';
import { loadConfig } from '../config.ts';
import { toMessagesFile } from '../messages.ts';
import { isInside } from '../paths.ts';
import {
  loadContentFiles,
  toCalendarDay,
  toRouteAndLocale,
  toRouteName,
  toSegmentSuggestion,
} from '../pipeline/sources.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import { printNewPage, runReported } from '../report.ts';
import { RECORD_FILE } from '../translations/record.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { toNewPageFiles, toNewPageSettings, type NewPageFile, type NewPageSettings } from './new-page.ts';

// `site new <path>` (behaviour.md: CLI): a draft in every locale with its siblings' settings. Every
// refusal comes before the first write.

export async function runNew(options: { root: string; page: string; json?: boolean }): Promise<number> {
  return runReported(options.root, 'Starting the page', async () => {
    const config = await loadConfig(options.root);
    const today = toCalendarDay(toBuildTime().time, config.publish.timeZone);
    const target = checkNewPath(config, options.page);
    // A sibling the build would refuse gives no settings; the build reports it.
    const content = await loadContentFiles(config);
    const siblings = content.filter((f) => path.posix.dirname(f.file) === target.folder);
    const settings = toNewPageSettings(siblings, today);
    // Without a record, a first confirmation records every translation (behaviour.md: Translations).
    const recorded = existsSync(path.join(config.root, RECORD_FILE));
    const confirm = `npx site translations done ${recorded ? target.path : '--all'}`;
    writeNewPage(config.root, toNewPageFiles({ config, path: target.path, files: target.files, settings, confirm }));
    const next = toNextSteps(config, target, settings, { confirm, recorded });
    const report = { path: target.path, files: target.files, settings: { ...settings, draft: true as const }, next };
    printNewPage(report, options.json);
    return 0;
  });
}

/** Paths relative to the project, with `/`. */
function checkNewPath(config: SiteConfig, given: string) {
  const outside = findPathProblem(config, given);
  if (outside) throw new SiteError([outside]);
  const content = toRootRelative(config, config.contentDir);
  const files = config.locales.map((l) => ({ locale: l.code, file: `${content}/${given}.${l.code}.md` }));
  let route = '/';
  for (const { file } of files) {
    const named = toRouteAndLocale(config, file);
    if ('problem' in named) throw new SiteError([toNameProblem(given, named.problem)]);
    route = named.path;
  }
  checkFolder(config, given);
  const existing = findExistingFiles(config, route);
  if (existing.length > 0)
    throw new SiteError(existing.map((file) => toProblem('NEW_PAGE_EXISTS', { path: route, file })));
  return { path: route, folder: path.posix.dirname(files[0]?.file ?? content), files };
}

function findPathProblem(config: SiteConfig, given: string): SiteProblem | undefined {
  const refuse = (reason: string, hint?: string) => toProblem('NEW_PAGE_PATH', { given, reason, hint });
  if (/^([/\\]|[a-zA-Z]:)/.test(given) || path.isAbsolute(given)) {
    // A file of site/content written in full, or a route (`/news/news14`), names the page it means.
    const inside = path.relative(config.contentDir, path.resolve(given));
    const meant = isInside(path.resolve(given), config.contentDir) ? inside : given.replace(/^\/+/, '');
    const rest = meant
      .split(path.sep)
      .join('/')
      .replace(/(\.[a-zA-Z]+)?\.md$/i, '');
    return refuse(
      'is absolute',
      `Write it from site/content: \`site new ${rest}\` (for \`${toRootRelative(config, config.contentDir)}/${rest}.<locale>.md\`)`,
    );
  }
  const climbing = given.split(/[/\\]/).find((s) => s === '..' || s === '.');
  if (climbing !== undefined)
    return refuse(`holds \`${climbing}\`: a page path names its folders down from site/content, and never climbs out`);
  if (/\.md$/i.test(given)) {
    const page = given.replace(/(\.[a-zA-Z]+)?\.md$/i, '');
    return refuse('names a file, not a page', `Leave out the locale and \`.md\`: \`site new ${page}\``);
  }
  if (given.startsWith('site/content/'))
    return refuse(
      'starts with `site/content/`, the folder it is read from',
      `Write it from there: \`site new ${given.slice('site/content/'.length)}\``,
    );
  return undefined;
}

function toNameProblem(given: string, problem: SiteProblem): SiteProblem {
  if (problem.code !== 'CONTENT_FILE_NAME') return problem;
  const fixed = given.split('/').map(toSegmentSuggestion);
  const suggestion = fixed.every((s) => s !== undefined) ? fixed.join('/') : 'news/news14';
  const hint =
    `Start it as \`site new ${suggestion}\`: each folder and the name hold only ASCII letters, digits and \`-\`, ` +
    'and start with a lower-case letter or a digit. Nothing was written.';
  return toProblem('CONTENT_FILE_NAME', { ...problem.args, hint }, problem.loc);
}

/** The folder must exist, or be a new section at the top, and lie inside the project (behaviour.md: Safety). */
function checkFolder(config: SiteConfig, given: string): void {
  const folder = path.dirname(path.join(config.contentDir, given));
  let nearest = folder;
  while (!statSync(nearest, { throwIfNoEntry: false })?.isDirectory() && path.dirname(nearest) !== nearest)
    nearest = path.dirname(nearest);
  const reason = 'leads out of the project through a symbolic link';
  if (!isInside(realpathSync(nearest), realpathSync(config.root)))
    throw new SiteError([toProblem('NEW_PAGE_PATH', { given, reason })]);
  if (nearest === folder || path.dirname(folder) === config.contentDir) return;
  const folders = readdirSync(nearest, { withFileTypes: true }).filter(
    (e) => e.isDirectory() && !e.name.startsWith('.'),
  );
  const known = folders.length === 0 ? 'no folder' : `the folders ${folders.map((e) => `\`${e.name}\``).join(', ')}`;
  const args = { folder: toRootRelative(config, folder), nearest: toRootRelative(config, nearest), known };
  throw new SiteError([toProblem('NEW_PAGE_FOLDER_MISSING', args)]);
}

function findExistingFiles(config: SiteConfig, route: string): string[] {
  const content = toRootRelative(config, config.contentDir);
  const names = route === '/' ? ['index'] : [route.slice(1), `${route.slice(1)}/index`];
  return config.locales
    .flatMap((l) => names.map((name) => `${content}/${name}.${l.code}.md`))
    .filter((file) => lstatSync(path.join(config.root, file), { throwIfNoEntry: false }) !== undefined);
}

/** All or nothing. */
function writeNewPage(root: string, files: readonly NewPageFile[]): void {
  const written: string[] = [];
  let made: string | undefined;
  try {
    for (const { file, text } of files) {
      const full = path.join(root, file);
      made ??= mkdirSync(path.dirname(full), { recursive: true });
      // `wx`: a file that appeared since the check is never written over.
      writeFileSync(full, text, { flag: 'wx' });
      written.push(full);
    }
  } catch (cause) {
    for (const full of written) rmSync(full, { force: true });
    if (made) rmSync(made, { recursive: true, force: true });
    const file = files[written.length]?.file ?? '';
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError([toProblem('NEW_PAGE_WRITE_FAILED', { file, reason })], { cause });
  }
}

function toNextSteps(
  config: SiteConfig,
  target: ReturnType<typeof checkNewPath>,
  settings: NewPageSettings,
  translations: { confirm: string; recorded: boolean },
): string[] {
  const source = target.files.find((f) => f.locale === config.defaultLocale) ?? target.files[0];
  const others = target.files.filter((f) => f !== source).map((f) => f.file);
  const record = translations.recorded ? '' : ' (the site has no translation record yet: this starts it)';
  const section = target.path.split('/')[1] ?? '';
  const listed = settings.layout === 'section' || config.navigation.some((item) => item.section === section);
  const labels = config.locales.map((l) => toMessagesFile(config, l.code, 'sidenav'));
  return [
    `Write the page in ${source?.file ?? ''}: its title, description and text, in place of the placeholders.`,
    ...(others.length > 0
      ? [`Translate it in ${others.join(' and ')}, then confirm the translation: ${translations.confirm}${record}`]
      : []),
    ...(listed
      ? [
          `Label it in the side navigation, which the build needs for every page of a section: add "${toRouteName(target.path)}" to ${labels.join(' and ')}.`,
        ]
      : []),
    `Publish it: remove the line \`draft: true\` from ${target.files.length === 1 ? 'its file' : 'each file'}.`,
  ];
}

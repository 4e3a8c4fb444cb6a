import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../pipeline/build.ts';
import { recoverOutDir } from '../write/out-dir.ts';
import { SiteError, isProblemOf, toProblem } from '../problems/problem.ts';
import { TEXT_FAULTS } from '../messages.ts';
import { loadProjectSources, type LoadedSources } from '../pipeline/sources.ts';
import { RUNTIME_DIR } from '../paths.ts';
import type { BuildManifest, BuiltWith, Messages, Route, SiteConfig, SiteProblem } from '../types.ts';
import { readLatestManifest, toBuiltWith } from '../write/manifest.ts';
import { toLocaleOfPath } from '../../runtime/urls.ts';
import { checkBudgets, checkFontBudget, checkImages } from './budgets.ts';
import { checkGlossary } from './glossary.ts';
import { checkMixedScript } from './mixed-script.ts';
import { checkHtml } from './html.ts';
import { checkFragments, checkLinks } from './links.ts';
import { readOutputFile, readOutputPages } from './output.ts';
import { checkHead, checkSeo } from './seo.ts';
import { checkSharing } from './share.ts';
import { checkContentScript, checkTranslations, type TranslationReport } from './translations.ts';
import { RECORD_FILE, readTranslationRecord } from '../translations/record.ts';
import { toTranslationStatus } from '../translations/status.ts';
import { checkSourceLocales } from '../translations/units.ts';

export interface CheckReport {
  readonly problems: SiteProblem[];
  readonly summary: {
    readonly errors: number;
    readonly warnings: number;
    readonly pages: number;
    readonly links: number;
  };
  readonly externalLinks: string[];
  readonly translations: TranslationReport;
}

/** `site check`: links, SEO and locales, translations, HTML and budgets, over a built site. */
export async function checkSite(options: {
  readonly root: string;
  readonly outDir: string;
  readonly external: boolean;
  readonly onProgress?: (what: string) => void;
}): Promise<CheckReport> {
  const { root, outDir } = options;
  // A build stopped while it swapped the output in leaves the previous output beside it: put it back.
  const recovered = recoverOutDir(outDir);
  // Without a build there is nothing to check: said before the sources are read.
  if (!existsSync(path.join(outDir, 'index.html'))) throw new SiteError([toProblem('NO_BUILD', { dir: outDir })]);
  const loaded = await loadProjectSources(root);
  const { config, routes, messages } = loaded.sources;
  const built = readLatestManifest(outDir);
  const checked = toCheckedConfig(config, outDir, built);
  const problems: SiteProblem[] = [
    ...(recovered ? [recovered] : []),
    ...loaded.problems.filter((p) => !TEXT_FAULTS.has(p.code)),
    ...checkRemovedPages(config, built),
  ];
  const usedKeys = await renderForKeys(root, loaded, problems);
  const translations = checkTranslations(config, messages, usedKeys.size > 0 ? usedKeys : null, routes, RUNTIME_DIR);
  problems.push(
    ...translations.problems,
    ...checkContentScript(config, routes),
    ...checkGlossary(config, routes),
    ...checkMixedScript(config, routes),
    ...checkTranslationRecord(config, routes, messages),
  );

  options.onProgress?.('reading pages');
  const pages = readOutputPages(outDir);
  const sitemap = readOutputFile({ base: null, outDir }, '/sitemap.xml')?.toString('utf8') ?? null;
  problems.push(...checkSeo(checked, pages, sitemap));
  problems.push(...checkHead(checked, pages));
  problems.push(...checkSharing(checked, outDir, pages));
  problems.push(...checkBudgets(config, outDir, pages, built?.scripts));
  problems.push(...checkFontBudget(config, outDir, pages));
  problems.push(...checkImages(config, outDir, pages));
  options.onProgress?.('validating HTML');
  problems.push(...(await checkHtml(pages, built?.id ?? null)));
  const links = await checkLinks(checked, outDir, {
    external: options.external,
    onProgress: (n) => options.onProgress?.(`crawling: ${n} links`),
  });
  problems.push(...[...links.problems, ...checkFragments(pages)].map((p) => toSourceProblem(config, routes, p)));

  return {
    problems,
    summary: {
      errors: problems.filter((p) => p.severity === 'error').length,
      warnings: problems.filter((p) => p.severity === 'warning').length,
      pages: pages.length,
      links: links.checked,
    },
    externalLinks: links.external,
    translations: translations.report,
  };
}

/** Renders every page in memory to learn which keys the templates read; the build's new problems are the check's. */
async function renderForKeys(root: string, loaded: LoadedSources, problems: SiteProblem[]): Promise<Set<string>> {
  const usedKeys = new Set<string>();
  try {
    await buildSite({ root, write: false, usedKeys, sources: loaded });
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    const known = new Set(loaded.problems);
    problems.push(...error.problems.filter((p) => !known.has(p) && !TEXT_FAULTS.has(p.code)));
  }
  return usedKeys;
}

/** Pages gone since the output this one replaced, with no redirect (behaviour.md: Moved and removed pages). */
function checkRemovedPages(config: SiteConfig, built: BuildManifest | null): SiteProblem[] {
  const severity = config.check.removedPages;
  return (built?.removed ?? []).map((url) => ({ ...toProblem('PAGE_REMOVED', { url }), severity }));
}

/** Stale translations against their record (behaviour.md: Translations); missing ones are reported elsewhere. */
function checkTranslationRecord(config: SiteConfig, routes: readonly Route[], messages: Messages): SiteProblem[] {
  const { record, exists, problem } = readTranslationRecord(config.root);
  if (problem) return [problem];
  const problems: SiteProblem[] = [...checkSourceLocales(config, routes)];
  if (!exists) return [...problems, toProblem('TRANSLATIONS_UNRECORDED', { file: RECORD_FILE })];
  const severity = config.check.staleTranslations;
  for (const item of toTranslationStatus(config, routes, messages, record, exists).items) {
    if (item.state !== 'stale') continue;
    const args = { locale: item.locale, what: item.id, source: item.sourceFile, since: item.confirmed ?? '' };
    const stale = toProblem('TRANSLATION_STALE', args, { file: item.file, line: item.line, column: 1 });
    problems.push({ ...stale, severity });
  }
  return problems;
}

/** A link problem points, where it can, at the line of the page's source that holds the link. */
function toSourceProblem(config: SiteConfig, routes: readonly Route[], problem: SiteProblem): SiteProblem {
  if (!isProblemOf(problem, ['LINK_BROKEN', 'LINK_FRAGMENT_MISSING'])) return problem;
  const { page, href: target } = problem.args;
  if (!page || !target) return problem;
  const locale = toLocaleOfPath(config.locales, page);
  const routePath = page.slice(locale.prefix.length) || '/';
  const file = routes.find((r) => r.path === routePath)?.files[locale.code];
  if (!file) return problem;
  const lines = readFileSync(path.join(config.root, file.file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(`(${target})`) || l.includes(target));
  return line < 0
    ? problem
    : { ...problem, loc: { file: file.file, line: line + 1, column: (lines[line] as string).indexOf(target) + 1 } };
}

/** The configuration an output was built with (`--base-url` included); other locales than today's is an error. */
export function toCheckedConfig(
  config: SiteConfig,
  outDir: string,
  manifest: BuildManifest | null = readLatestManifest(outDir),
): SiteConfig {
  const built = manifest?.builtWith ?? null;
  if (!built) return config;
  const now = describeLocales(toBuiltWith(config).locales, config.defaultLocale);
  const then = describeLocales(built.locales, built.defaultLocale);
  if (now !== then) throw new SiteError([toProblem('BUILD_CONFIG_MISMATCH', { dir: outDir, built: then, now })]);
  return { ...config, baseUrl: built.baseUrl };
}

/** What an output's locales must match today's configuration in. */
function describeLocales(locales: BuiltWith['locales'], defaultLocale: string): string {
  return `the locales ${locales.map((l) => `${l.code} (${l.iso}, at ${l.prefix || '/'})`).join(', ')}, default ${defaultLocale}`;
}

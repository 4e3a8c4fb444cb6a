import { CONFIG_FILE } from '../config-check.ts';
import { toProblem } from '../problems/problem.ts';
import type {
  ContentFile,
  LocaleCode,
  Route,
  SiteConfig,
  SiteProblem,
  SourceLoc,
  TemplateInventory,
} from '../types.ts';

/** `/` → `index`; `/about/about-group` → `about-about-group` (behaviour.md: Route names). */
export function toRouteName(routePath: string): string {
  return routePath === '/' ? 'index' : routePath.slice(1).split('/').join('-');
}

export function resolveRoutes(config: SiteConfig, files: readonly ContentFile[], templates: TemplateInventory) {
  const problems: SiteProblem[] = [];
  const byPath = new Map<string, Map<LocaleCode, ContentFile>>();
  for (const file of files) {
    const locales = byPath.get(file.path) ?? new Map<LocaleCode, ContentFile>();
    const existing = locales.get(file.locale);
    if (existing) {
      const args = { path: file.path, locale: file.locale, first: existing.file, second: file.file };
      problems.push(toProblem('ROUTE_DUPLICATE', args, at(file)));
      continue;
    }
    locales.set(file.locale, file);
    byPath.set(file.path, locales);
  }
  const routes: Route[] = [];
  for (const [routePath, locales] of [...byPath].sort(([a], [b]) => a.localeCompare(b))) {
    const route = toRoute(config, routePath, locales, templates, problems);
    if (route) routes.push(route);
  }
  problems.push(...checkNavigation(config, byPath));
  return { routes, problems };
}

/** behaviour.md: Section pages. */
function toRouteSection(config: SiteConfig, routePath: string): string {
  const [, first = ''] = routePath.split('/');
  if (routePath.split('/').length > 2) return first;
  return config.navigation.find((item) => item.path === routePath && item.section === first)?.section ?? '';
}

function toRoute(
  config: SiteConfig,
  routePath: string,
  locales: Map<LocaleCode, ContentFile>,
  templates: TemplateInventory,
  problems: SiteProblem[],
): Route | null {
  const present = config.locales.map((l) => l.code).filter((code) => locales.has(code));
  const files = present.map((code) => locales.get(code) as ContentFile);
  const first = files[0] as ContentFile;
  const found = [
    ...checkSettingsAgree(routePath, files),
    ...checkLocales(config, routePath, locales, present, first),
    ...checkTemplate(templates, first),
  ];
  problems.push(...found);
  if (found.some((p) => p.severity === 'error')) return null;
  return {
    path: routePath,
    name: toRouteName(routePath),
    section: toRouteSection(config, routePath),
    template: first.data.template,
    // An unknown layout renders with the fallback layout (behaviour.md: Routes).
    layout: templates.layouts.includes(first.data.layout) ? first.data.layout : 'fallback',
    order: first.data.order,
    date: first.data.date,
    contentLocales: present,
    files: Object.fromEntries(locales),
  };
}

function checkSettingsAgree(routePath: string, files: readonly ContentFile[]): SiteProblem[] {
  const first = files[0] as ContentFile;
  const fields = [
    ...(['template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit', 'inOverview'] as const),
    ...(['publishDate', 'expiryDate'] as const),
    // A position's facts (behaviour.md: Sharing): one JobPosting, whatever the language.
    'job' as const,
  ];
  return fields.flatMap((field) => {
    const values = files.map((f) => JSON.stringify(field === 'job' ? f.data.extra.job : f.data[field]));
    if (new Set(values).size <= 1) return [];
    const list = files.map((f, i) => `${values[i]} in ${f.file}`).join(', ');
    const loc = at(files[1] ?? first, field);
    return [toProblem('ROUTE_SETTINGS_DISAGREE', { path: routePath, field, values: list }, loc)];
  });
}

/** Each locale the page should have (its `locales`, or every one) has a file, and each file is of such a locale. */
function checkLocales(
  config: SiteConfig,
  routePath: string,
  locales: ReadonlyMap<LocaleCode, ContentFile>,
  present: readonly LocaleCode[],
  first: ContentFile,
): SiteProblem[] {
  const declared = first.data.locales;
  const missing = (declared ?? config.locales.map((l) => l.code))
    .filter((code) => !locales.has(code))
    .map((code) => {
      const expected = first.file.replace(`.${first.locale}.md`, `.${code}.md`);
      const args = { path: routePath, locale: code, expected, present: present.join(', ') };
      return toProblem('ROUTE_MISSING_LOCALE', args, at(first, declared ? 'locales' : undefined));
    });
  const undeclared = present
    .filter((code) => declared && !declared.includes(code))
    .map((code) => {
      const reason = `does not list ${code}, yet ${(locales.get(code) as ContentFile).file} exists`;
      const hint = `Add ${code} to \`locales\`, or delete that file.`;
      return toProblem('FRONT_MATTER_INVALID', { field: 'locales', reason, hint }, at(first, 'locales'));
    });
  return [...missing, ...undeclared];
}

function checkTemplate(templates: TemplateInventory, first: ContentFile): SiteProblem[] {
  const { template, layout } = first.data;
  const problems: SiteProblem[] = [];
  if (!templates.pages.includes(template)) {
    const known = templates.pages.join(', ');
    problems.push(toProblem('TEMPLATE_UNKNOWN', { name: template, known }, at(first, 'template')));
  }
  const known = templates.layouts.filter((l) => l !== 'fallback').join(', ');
  if (!templates.layouts.includes(layout))
    problems.push(toProblem('LAYOUT_UNKNOWN', { name: layout, known }, at(first, 'layout')));
  return problems;
}

function checkNavigation(config: SiteConfig, byPath: Map<string, Map<LocaleCode, ContentFile>>): SiteProblem[] {
  return config.navigation
    .filter((item) => !byPath.has(item.path))
    .map((item) => {
      const base = item.path === '/' ? 'index' : item.path.slice(1);
      const expected = config.locales.map((l) => `site/content/${base}.${l.code}.md`).join(' and ');
      const loc = { file: CONFIG_FILE, line: item.line ?? 1, column: 1 };
      return toProblem('ROUTE_NO_CONTENT', { path: item.path, expected }, loc);
    });
}

function at(file: ContentFile, field?: string): SourceLoc {
  return { file: file.file, line: (field && file.keyLines[field]) || 1, column: 1 };
}

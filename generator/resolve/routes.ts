import path from 'node:path';
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

export interface ResolvedRoutes {
  readonly routes: Route[];
  readonly problems: SiteProblem[];
}

/** `/` → `index`; `/about/about-group` → `about-about-group` (behaviour.md: Route names). */
export function toRouteName(routePath: string): string {
  return routePath === '/' ? 'index' : routePath.slice(1).split('/').join('-');
}

/** Groups the content files into routes, one per path, and checks that each is whole. */
export function resolveRoutes(
  config: SiteConfig,
  files: readonly ContentFile[],
  templates: TemplateInventory,
): ResolvedRoutes {
  const problems: SiteProblem[] = [];
  const byPath = new Map<string, Map<LocaleCode, ContentFile>>();
  for (const file of files) {
    const locales = byPath.get(file.path) ?? new Map<LocaleCode, ContentFile>();
    const existing = locales.get(file.locale);
    if (existing) {
      problems.push(
        toProblem(
          'ROUTE_DUPLICATE',
          { path: file.path, locale: file.locale, first: existing.file, second: file.file },
          at(file),
        ),
      );
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
  const before = problems.length;
  for (const field of ['template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit'] as const) {
    const values = files.map((f) => JSON.stringify(f.data[field]));
    if (new Set(values).size > 1) {
      const list = files.map((f, i) => `${values[i]} in ${f.file}`).join(', ');
      problems.push(
        toProblem('ROUTE_SETTINGS_DISAGREE', { path: routePath, field, values: list }, at(files[1] ?? first, field)),
      );
    }
  }
  const declared = first.data.locales;
  const expected = declared ?? config.locales.map((l) => l.code);
  for (const code of expected) {
    if (!locales.has(code)) {
      problems.push(
        toProblem(
          'ROUTE_MISSING_LOCALE',
          {
            path: routePath,
            locale: code,
            expected: first.file.replace(`.${first.locale}.md`, `.${code}.md`),
            present: present.join(', '),
          },
          at(first, declared ? 'locales' : undefined),
        ),
      );
    }
  }
  if (declared) {
    for (const code of present.filter((c) => !declared.includes(c))) {
      problems.push(
        toProblem(
          'FRONT_MATTER_INVALID',
          {
            field: 'locales',
            reason: `does not list ${code}, yet ${(locales.get(code) as ContentFile).file} exists`,
            hint: `Add ${code} to \`locales\`, or delete that file.`,
          },
          at(first, 'locales'),
        ),
      );
    }
  }
  if (!templates.pages.includes(first.data.template)) {
    problems.push(
      toProblem(
        'TEMPLATE_UNKNOWN',
        { name: first.data.template, known: templates.pages.join(', ') },
        at(first, 'template'),
      ),
    );
  }
  let layout = first.data.layout;
  if (!templates.layouts.includes(layout)) {
    problems.push(
      toProblem(
        'LAYOUT_UNKNOWN',
        { name: layout, known: templates.layouts.filter((l) => l !== 'fallback').join(', ') },
        at(first, 'layout'),
      ),
    );
    layout = 'fallback';
  }
  if (problems.slice(before).some((p) => p.severity === 'error')) return null;
  return {
    path: routePath,
    name: toRouteName(routePath),
    section: routePath.split('/')[1] && routePath.split('/').length > 2 ? (routePath.split('/')[1] as string) : '',
    template: first.data.template,
    layout,
    order: first.data.order,
    date: first.data.date,
    contentLocales: present,
    files: Object.fromEntries(locales),
  };
}

/** A navigation entry must open a page that exists. */
function checkNavigation(config: SiteConfig, byPath: Map<string, Map<LocaleCode, ContentFile>>): SiteProblem[] {
  return config.navigation
    .filter((item) => !byPath.has(item.path))
    .map((item) => {
      const base = item.path === '/' ? 'index' : item.path.slice(1);
      const expected = config.locales.map((l) => `site/content/${base}.${l.code}.md`).join(' and ');
      return toProblem(
        'ROUTE_NO_CONTENT',
        { path: item.path, expected },
        {
          file: path.relative(config.root, config.configFile).split(path.sep).join('/'),
          line: item.line ?? 1,
          column: 1,
        },
      );
    });
}

function at(file: ContentFile, field?: string): SourceLoc {
  return { file: file.file, line: (field && file.keyLines[field]) || 1, column: 1 };
}

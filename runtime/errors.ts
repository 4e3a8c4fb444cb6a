import type { Payload } from '../generator/types.ts';
import { currentView, renderView, type SiteModules } from './app.tsx';
import { updateHead } from './head.ts';
import { loadCatalogs } from './messages.ts';
import { site } from './settings.ts';
import { createTranslator } from './translate.ts';

/** The locale of a path by its prefix (SPEC §6: `/en/...` → English, otherwise the default). */
export function toPathLocale(path: string): string {
  const prefixed = site.locales.filter((l) => l.prefix && (path === l.prefix || path.startsWith(`${l.prefix}/`)));
  return (prefixed[0] ?? site.locales.find((l) => !l.prefix) ?? site.locales[0])?.code as string;
}

/**
 * Shows the error page in the browser (SPEC §6): status, status message, description and a link
 * home (and, after a failed reload, a link to try again); never a stack.
 */
export async function showErrorPage(modules: SiteModules, status: number, options: { path?: string; retry?: string } = {}): Promise<void> {
  const view = currentView();
  if (!view) return;
  const locale = toPathLocale(options.path ?? location.pathname);
  const kind = status === 404 ? 'notFound' : 'serverError';
  try {
    const t = locale === view.payload.locale ? view.t : createTranslator(await loadCatalogs(locale));
    const { default: Page } = await (modules.pages.error as SiteModules['pages'][string])();
    const localeInfo = site.locales.find((l) => l.code === locale);
    const title = `${status} - ${t(`errors:${kind}.status`)}`;
    const payload: Payload = {
      ...view.payload,
      url: options.path ?? location.pathname,
      path: options.path ?? location.pathname,
      name: `error-${status}___${locale}`,
      locale,
      contentLocale: locale,
      template: 'error',
      layout: 'default',
      title,
      description: t(`errors:${kind}.description`),
      date: null,
      html: '',
      data: {},
      localeUrls: Object.fromEntries(site.locales.map((l) => [l.code, l.prefix || '/'])),
      sectionPages: [],
      listed: [],
      error: { status, ...options },
      head: { title: `${title}${site.titleSeparator}${localeInfo?.siteTitle ?? ''}`, canonical: null, alternates: [], ogLocale: localeInfo?.ogLocale ?? view.payload.head.ogLocale, ogType: 'website' },
    };
    renderView(modules, { payload, Page, t });
    updateHead(payload);
    document.getElementById('page-title')?.focus();
  } catch (error) {
    // The error page itself could not be shown: say the least that is still true.
    console.error('The error page could not be shown:', error);
    document.title = `${status}`;
  }
}

import type { EmbeddedPayload } from '../generator/types.ts';
import { currentView, renderView } from './app.tsx';
import { toErrorPayload } from './error-payload.ts';
import { readPayload } from './page-data.ts';
import { loadLocale, noteSharedUrl, toSharedUrl } from './messages.ts';
import { site } from './settings.ts';
import { withShared } from './shared-data.ts';
import { loadTemplate } from './templates.ts';
import { toLocaleOfPath } from './urls.ts';

/** behaviour.md: Error pages. Never a stack. */
export async function showErrorPage(status: number, options: { path?: string; retry?: string } = {}): Promise<void> {
  const view = currentView();
  if (!view) return;
  const localeInfo = toLocaleOfPath(site.locales, options.path ?? location.pathname);
  const locale = localeInfo.code;
  const kind = status === 404 ? 'notFound' : 'serverError';
  try {
    const other = locale === view.payload.locale ? null : await loadLocale(locale);
    const t = other?.t ?? view.t;
    const shared = other?.shared ?? view.payload;
    const Page = await loadTemplate('error');
    const payload = toErrorPayload({
      ...localeInfo,
      buildId: view.payload.buildId,
      locale,
      status,
      statusMessage: t(`errors:${kind}.status`),
      description: t(`errors:${kind}.description`),
      url: options.path ?? location.pathname,
      locales: shared.locales,
      nav: shared.nav,
      contacts: shared.contacts,
      menus: shared.menus,
      shared: other ? toSharedUrl(locale) : view.payload.shared,
      error: options,
    });
    renderView({ payload, Page, t });
    document.getElementById('page-title')?.focus();
  } catch (error) {
    console.error('The error page could not be shown:', error);
    document.title = `${status}`;
  }
}

/** A host with one 404 for every path (behaviour.md: Hosts) answers `/en/...` in the default locale. */
export async function showNotFoundInPathLocale(): Promise<void> {
  const view = currentView();
  const locale = toLocaleOfPath(site.locales, location.pathname);
  if (!view || view.payload.error?.status !== 404 || locale.code === view.payload.locale) return;
  try {
    const response = await fetch(`${locale.prefix}/404.html`);
    if (!response.ok) throw new Error(`${locale.prefix}/404.html answered ${response.status}`);
    const html = new DOMParser().parseFromString(await response.text(), 'text/html');
    const data = JSON.parse(html.getElementById('site-data')?.textContent ?? '') as EmbeddedPayload;
    noteSharedUrl(data.locale, data.shared);
    const [Page, { shared, t }] = await Promise.all([loadTemplate('error'), loadLocale(locale.code)]);
    const payload = withShared(readPayload(html, data), shared);
    renderView({ payload, Page, t });
  } catch (error) {
    console.warn('The not-found page of this language could not be shown:', error);
  }
}

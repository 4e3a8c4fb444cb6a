import type { Page, RenderedPage, SiteProblem, Translate } from '../types.ts';
import { toErrorPayload } from '../../runtime/error-payload.ts';
import { toHtmlText } from '../escape.ts';
import { HOST_PROFILES } from '../hosts.ts';
import { renderDocument } from './document.ts';
import { renderApp, type RenderContext } from './page.ts';
import { toLocaleMenus, toSiteLists } from './payload.ts';

/** `404.html`, `500.html` and their `/en` twins (behaviour.md: Error pages). */
const ERROR_STATUSES = [404, 500] as const;

export function renderErrorPages(
  ctx: RenderContext,
  sitePages: readonly Page[],
): { pages: RenderedPage[]; problems: SiteProblem[] } {
  const pages: RenderedPage[] = [];
  const problems: SiteProblem[] = [];
  for (const locale of ctx.config.locales) {
    const t = ctx.translators.get(locale.code) as Translate;
    for (const status of ERROR_STATUSES) {
      const kind = status === 404 ? 'notFound' : 'serverError';
      const payload = toErrorPayload({
        buildId: ctx.buildId,
        locale: locale.code,
        status,
        statusMessage: t(`errors:${kind}.status`),
        description: t(`errors:${kind}.description`),
        menus: toLocaleMenus(sitePages, locale.code),
        url: `${locale.prefix}/${status}.html`,
        ...toSiteLists(ctx.config),
        shared: ctx.assets.shared[locale.code] ?? '',
        titleSeparator: locale.titleSeparator,
        siteTitle: locale.siteTitle,
        ogLocale: locale.ogLocale,
      });
      const body = renderApp(payload, ctx, `site/locales/${locale.code}/errors.json`);
      if ('problem' in body) {
        problems.push(body.problem);
        continue;
      }
      // Fills in the requested path without the runtime.
      const scripts = status === 404 ? [ctx.assets.notFoundScript] : [];
      const before =
        status === 404 && !locale.prefix && HOST_PROFILES[ctx.config.host].oneNotFoundPage
          ? toOtherLanguagesNotice(ctx, locale.code)
          : undefined;
      pages.push({
        url: payload.url,
        locale: locale.code,
        html: renderDocument(ctx.config, ctx.assets, payload, body.html, { scripts, before }),
        payload,
      });
    }
  }
  return { pages, problems };
}

/** A host with one 404 page for every path (behaviour.md: Hosts): without JavaScript, it says so in every language. */
function toOtherLanguagesNotice(ctx: RenderContext, shown: string): string {
  const notices = ctx.config.locales
    .filter((l) => l.code !== shown)
    .map((l) => {
      const t = ctx.translators.get(l.code) as Translate;
      return (
        `<p class="other-language-notice" lang="${toHtmlText(l.iso)}"><strong>${toHtmlText(t('errors:notFound.status'))}.</strong> ` +
        `<a href="${toHtmlText(l.prefix || '/')}">${toHtmlText(t('errors:backHome'))}</a></p>`
      );
    });
  return notices.length > 0 ? `<noscript>${notices.join('')}</noscript>` : '';
}

import { toDocumentTitle } from '../../runtime/titles.ts';
import type {
  LocaleCode,
  Messages,
  Page,
  Payload,
  SharedData,
  SiteConfig,
  SiteLocale,
  Translate,
  Unpublished,
} from '../types.ts';

/** The page component's props and `_payload.json` (behaviour.md: Payloads). */
export function toPayload(
  config: SiteConfig,
  page: Page,
  html: string,
  buildId: string,
  t: Translate,
  shared: string,
  images: Payload['images'] | null,
): Payload {
  const { content, route, pagination } = page;
  const locale = toLocaleConfig(config, page.locale);
  // No two pages of a long list share a title or description (behaviour.md: Long lists).
  const nth = pagination && pagination.page > 1 ? t('common:pagination.nth', { page: pagination.page }) : null;
  const title = nth ? `${content.data.title} · ${nth}` : content.data.title;
  return {
    buildId,
    url: page.url,
    path: route.path,
    name: page.name,
    locale: page.locale,
    contentLocale: content.locale,
    template: route.template,
    layout: route.layout,
    title,
    description: nth ? `${content.data.description} (${nth})` : content.data.description,
    date: route.date,
    html,
    data: content.data.extra,
    localeUrls: page.localeUrls,
    ...toSiteLists(config),
    sectionPages: page.sectionPages,
    listed: page.listed,
    menus: page.menus,
    pagination,
    // Read from the rendered markup (renderPage).
    dates: {},
    ...(images ? { images } : {}),
    head: {
      title: toDocumentTitle(title, locale, route.path === '/' && !nth),
      canonical: page.canonical,
      alternates: page.alternates,
      ogLocale: locale.ogLocale,
      ogType: route.template === 'article' ? 'article' : 'website',
      ...(page.noindex || config.publish.env === 'preview' ? { noindex: true as const } : {}),
    },
    shared,
    ...(page.unpublished ? { unpublished: toUnpublishedBand(page.unpublished, locale.iso) } : {}),
  };
}

/** The band over an unpublished page (behaviour.md: Publishing): the tool's text, for the web team only. */
function toUnpublishedBand(unpublished: Unpublished, iso: string): Unpublished & { label: string } {
  const { kind, date } = unpublished;
  const zh = iso.toLowerCase().startsWith('zh');
  const label = zh
    ? {
        draft: '草稿：此頁不會發布至正式網站',
        scheduled: `預定 ${date} 發布：在此之前不會出現在正式網站`,
        expired: `已於 ${date} 到期：正式網站不再發布此頁`,
      }[kind]
    : {
        draft: 'Draft: not published on the live site',
        scheduled: `Scheduled for ${date}: not on the live site until then`,
        expired: `Expired on ${date}: no longer on the live site`,
      }[kind];
  return { kind, date, label };
}

/** What every page of a locale shares (behaviour.md: Payloads). */
export function toSharedData(
  config: SiteConfig,
  locale: LocaleCode,
  messages: Messages,
  pages: readonly Page[],
): SharedData {
  return {
    messages: messages[locale] ?? {},
    ...toSiteLists(config),
    menus: toLocaleMenus(pages, locale),
  };
}

/** A locale's section menus: one object for all of its pages (resolve/pages.ts). */
export function toLocaleMenus(pages: readonly Page[], locale: LocaleCode): Payload['menus'] {
  return pages.find((p) => p.locale === locale)?.menus ?? {};
}

export function toLocaleConfig(config: SiteConfig, code: LocaleCode): SiteLocale {
  return config.locales.find((l) => l.code === code) as SiteLocale;
}

/** The locales, the main navigation and the contacts: the same on every page. */
export function toSiteLists(config: SiteConfig): Pick<Payload, 'locales' | 'nav' | 'contacts'> {
  return {
    locales: config.locales.map(({ code, iso, name, prefix }) => ({ code, iso, name, prefix })),
    nav: config.navigation.map(({ key, path, section }) => ({ key, path, ...(section ? { section } : {}) })),
    contacts: config.contacts,
  };
}

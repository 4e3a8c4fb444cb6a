import type { Page, SiteConfig, Translate } from '../types.ts';

/** A page's section in the main navigation: its label and the URL of its first page, or null. */
export function toSection(config: SiteConfig, page: Page, t: Translate) {
  const { section } = page.route;
  if (!section) return null;
  const item = config.navigation.find((n) => n.section === section || n.path === `/${section}`);
  if (!item) return null;
  const prefix = config.locales.find((l) => l.code === page.locale)?.prefix ?? '';
  return { label: t(`nav:${item.key}`), url: item.path === '/' ? prefix || '/' : `${prefix}${item.path}` };
}

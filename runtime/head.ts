import type { Payload } from '../generator/types.ts';
import { toLocale } from './settings.ts';

// After a client navigation the head describes the new page as the server would (behaviour.md: Head and SEO).

function setMeta(attr: 'name' | 'property', key: string, value: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = value;
}

function setLink(rel: string, href: string, hreflang?: string): void {
  const el = document.createElement('link');
  el.rel = rel;
  if (hreflang) el.hreflang = hreflang;
  if (href) el.href = href;
  document.head.append(el);
}

export function updateHead(payload: Payload): void {
  const locale = toLocale(payload.locale);
  document.documentElement.lang = locale?.iso ?? payload.locale;
  document.title = payload.head.title;
  setMeta('name', 'description', payload.description);
  setMeta('property', 'og:title', payload.title);
  setMeta('property', 'og:description', payload.description);
  setMeta('property', 'og:locale', payload.head.ogLocale);
  // Crawler-only tags of the first page would misdescribe this one; crawlers read server pages.
  for (const el of document.head.querySelectorAll(
    'link[rel="canonical"],link[rel="alternate"],link[rel="prev"],link[rel="next"],meta[property="og:url"],meta[name="robots"],' +
      'meta[property^="og:image"],meta[name="twitter:card"],meta[property^="article:"],script[type="application/ld+json"]',
  ))
    el.remove();
  if (payload.head.canonical) {
    setMeta('name', 'robots', payload.head.noindex ? 'noindex' : 'max-image-preview:large');
    setLink('canonical', payload.head.canonical);
    for (const a of payload.head.alternates) setLink('alternate', a.href, a.hreflang);
    setMeta('property', 'og:url', payload.head.canonical);
    if (payload.pagination?.prev) setLink('prev', payload.pagination.prev);
    if (payload.pagination?.next) setLink('next', payload.pagination.next);
  } else {
    setMeta('name', 'robots', 'noindex');
  }
}

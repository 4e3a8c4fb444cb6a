import type { EmbeddedPayload, PageHead, PagePayload } from '../generator/types.ts';
import { fromEmbedded, PROSE_ATTRIBUTE } from './shared-data.ts';

// What a server-rendered page holds that its embedded data does not repeat (behaviour.md: Payloads).

/** The page's data made whole with its prose, head and build id; one 404 serves every path. */
export function readPayload(doc: Document, page: EmbeddedPayload): PagePayload {
  const html = doc.querySelector(`#app [${PROSE_ATTRIBUTE}]`)?.innerHTML ?? '';
  const embedded = page.error?.status === 404 ? { ...page, error: { ...page.error, path: toRequestedPath() } } : page;
  // behaviour.md: Build id.
  const buildId = doc.head.querySelector('meta[name="site-build"]')?.getAttribute('content') ?? '';
  return fromEmbedded(embedded, { html, head: readHead(doc), buildId });
}

function readHead(doc: Document): PageHead {
  const content = (property: string) =>
    doc.head.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? '';
  return {
    title: doc.title,
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    // Language versions; feeds carry a type.
    alternates: [...doc.head.querySelectorAll('link[rel="alternate"][hreflang]:not([type])')].map((link) => ({
      hreflang: link.getAttribute('hreflang') ?? '',
      href: link.getAttribute('href') ?? '',
    })),
    ogLocale: content('og:locale'),
    ogType: content('og:type'),
  };
}

/** behaviour.md: Not found. */
export function toRequestedPath(): string {
  let path = location.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is shown as it was typed.
  }
  return path + location.search;
}

import type { PageHead } from '../generator/types.ts';

// What a server-rendered page holds that its embedded data does not repeat (behaviour.md: Payloads).

/** behaviour.md: Build id. */
export function readBuildId(doc: Document = document): string {
  return doc.head.querySelector('meta[name="site-build"]')?.getAttribute('content') ?? '';
}

export function readHead(doc: Document = document): PageHead {
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

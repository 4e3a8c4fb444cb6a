import type { PageHead } from '../generator/types.ts';

// What a server-rendered page holds that its embedded data does not repeat (behaviour.md: Payloads).

/** The id of the build that wrote a server-rendered page (behaviour.md: Build id). */
export function readBuildId(doc: Document = document): string {
  return doc.head.querySelector('meta[name="site-build"]')?.getAttribute('content') ?? '';
}

/** What a server-rendered head says, as a payload's `head` (the page does not embed it twice). */
export function readHead(doc: Document = document): PageHead {
  const content = (property: string) =>
    doc.head.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? '';
  return {
    title: doc.title,
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    // The language versions, not the feeds (which say their type).
    alternates: [...doc.head.querySelectorAll('link[rel="alternate"][hreflang]:not([type])')].map((link) => ({
      hreflang: link.getAttribute('hreflang') ?? '',
      href: link.getAttribute('href') ?? '',
    })),
    ogLocale: content('og:locale'),
    ogType: content('og:type'),
  };
}

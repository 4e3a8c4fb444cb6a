import { toHtmlText } from '../escape.ts';
import type { LocaleConfig, PageHead } from '../types.ts';

export interface HeadInput {
  readonly locale: LocaleConfig;
  readonly otherLocales: readonly LocaleConfig[];
  readonly head: PageHead;
  readonly description: string;
  readonly buildId: string;
  readonly css: string;
  readonly noscriptCss: string;
  /** Scripts that must run before first paint (behaviour.md: Root redirect); external, never inline. */
  readonly blockingScripts: readonly string[];
  /** Module chunks the page will import, fetched early. */
  readonly modulePreloads: readonly string[];
  /** JSON files the runtime fetches at start (the locale's messages). */
  readonly fetchPreloads: readonly string[];
  /** The Content Security Policy, where the host sends no headers (behaviour.md: Hosts); first, so it covers the rest. */
  readonly policy: string | null;
}

/** The document head (behaviour.md: Head and SEO): title, description, canonical, alternates (x-default first), og:*. */
export function renderHead(input: HeadInput): string {
  const attr = toHtmlText;
  const { head } = input;
  const lines = [
    '<meta charset="utf-8">',
    ...(input.policy ? [`<meta http-equiv="Content-Security-Policy" content="${attr(input.policy)}">`] : []),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...input.blockingScripts.map((src) => `<script src="${attr(src)}"></script>`),
    `<title>${toHtmlText(head.title)}</title>`,
    `<meta name="description" content="${attr(input.description)}">`,
    `<meta name="site-build" content="${attr(input.buildId)}">`,
  ];
  if (head.canonical) {
    lines.push(`<link rel="canonical" href="${attr(head.canonical)}">`);
    for (const a of head.alternates)
      lines.push(`<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}">`);
    lines.push(`<meta property="og:url" content="${attr(head.canonical)}">`);
  } else {
    // Error pages: no canonical, no alternates, not indexed (behaviour.md: Error pages).
    lines.push('<meta name="robots" content="noindex">');
  }
  lines.push(
    `<meta property="og:type" content="${attr(head.ogType)}">`,
    `<meta property="og:title" content="${attr(head.title)}">`,
    `<meta property="og:description" content="${attr(input.description)}">`,
    `<meta property="og:site_name" content="${attr(input.locale.siteTitle)}">`,
    `<meta property="og:locale" content="${attr(head.ogLocale)}">`,
    ...input.otherLocales.map((l) => `<meta property="og:locale:alternate" content="${attr(l.ogLocale)}">`),
    `<link rel="stylesheet" href="${attr(input.css)}">`,
    `<noscript><link rel="stylesheet" href="${attr(input.noscriptCss)}"></noscript>`,
    ...input.modulePreloads.map((href) => `<link rel="modulepreload" href="${attr(href)}">`),
    ...input.fetchPreloads.map(
      (href) => `<link rel="preload" as="fetch" type="application/json" crossorigin="anonymous" href="${attr(href)}">`,
    ),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  );
  return lines.join('\n');
}

import { toHtmlText, toScriptJson } from '../escape.ts';
import type { LocaleConfig, PageHead, SiteScript } from '../types.ts';
import type { ShareHead } from './share.ts';

interface HeadInput {
  readonly locale: LocaleConfig;
  readonly otherLocales: readonly LocaleConfig[];
  readonly head: PageHead;
  /** Without the brand, for `og:title`: share dialogs show the site's name beside it. */
  readonly pageTitle: string;
  readonly description: string;
  readonly buildId: string;
  readonly css: string;
  readonly noscriptCss: string;
  /** Scripts that must run before first paint (behaviour.md: Root redirect); external, never inline. */
  readonly blockingScripts: readonly string[];
  /** behaviour.md: Third-party scripts. */
  readonly scripts: readonly SiteScript[];
  readonly fontPreloads: readonly string[];
  /** Where the host sends no headers (behaviour.md: Hosts); first, so it covers the rest. */
  readonly policy: string | null;
  /** None on error pages. */
  readonly share: ShareHead | null;
  readonly themeColor: string;
  readonly icons: { readonly touch: string; readonly manifest: string | null } | null;
  /** behaviour.md: Long lists. */
  readonly prev: string | null;
  readonly next: string | null;
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
    // behaviour.md: Publishing; Head and SEO.
    lines.push(`<meta name="robots" content="${head.noindex ? 'noindex' : 'max-image-preview:large'}">`);
    lines.push(`<link rel="canonical" href="${attr(head.canonical)}">`);
    for (const a of head.alternates)
      lines.push(`<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}">`);
    lines.push(`<meta property="og:url" content="${attr(head.canonical)}">`);
    if (input.prev) lines.push(`<link rel="prev" href="${attr(input.prev)}">`);
    if (input.next) lines.push(`<link rel="next" href="${attr(input.next)}">`);
  } else {
    // Error pages: no canonical, no alternates, not indexed (behaviour.md: Error pages).
    lines.push('<meta name="robots" content="noindex">');
  }
  lines.push(
    property('og:type', head.ogType),
    property('og:title', input.pageTitle),
    property('og:description', input.description),
    property('og:site_name', input.locale.siteTitle),
    property('og:locale', head.ogLocale),
    ...input.otherLocales.map((l) => property('og:locale:alternate', l.ogLocale)),
    ...toShareLines(input.share),
    // Beside the stylesheet, not after it is parsed: text is drawn in its face at once.
    ...input.fontPreloads.map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" href="${attr(href)}">`,
    ),
    `<link rel="stylesheet" href="${attr(input.css)}">`,
    `<noscript><link rel="stylesheet" href="${attr(input.noscriptCss)}"></noscript>`,
    ...input.scripts.map(renderScript),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...(input.icons ? [`<link rel="apple-touch-icon" href="${attr(input.icons.touch)}">`] : []),
    ...(input.icons?.manifest ? [`<link rel="manifest" href="${attr(input.icons.manifest)}">`] : []),
    `<meta name="theme-color" content="${attr(input.themeColor)}">`,
    ...(input.share?.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${toScriptJson(data)}</script>`,
    ),
  );
  return lines.join('\n');
}

/** A configured script; one awaiting consent is inert until the runtime enables it (behaviour.md: Consent). */
function renderScript(script: SiteScript): string {
  const attributes = [
    ...(script.consent ? ['type="text/plain"', `data-consent-src="${toHtmlText(script.src)}"`] : []),
    ...(script.consent ? [] : [`src="${toHtmlText(script.src)}"`]),
    ...(script.defer ? ['defer'] : []),
    ...(script.async ? ['async'] : []),
    ...Object.entries(script.attributes).map(([name, value]) => `${name}="${toHtmlText(value)}"`),
  ];
  return `<script ${attributes.join(' ')}></script>`;
}

function property(name: string, content: string): string {
  return `<meta property="${name}" content="${toHtmlText(content)}">`;
}

function toShareLines(share: ShareHead | null): string[] {
  if (!share) return [];
  const attr = toHtmlText;
  const lines: string[] = [];
  if (share.image) {
    lines.push(
      property('og:image', share.image.url),
      property('og:image:type', 'image/png'),
      property('og:image:width', String(share.image.width)),
      property('og:image:height', String(share.image.height)),
      property('og:image:alt', share.image.alt),
      '<meta name="twitter:card" content="summary_large_image">',
    );
  }
  if (share.published) lines.push(property('article:published_time', share.published));
  if (share.modified) lines.push(property('article:modified_time', share.modified));
  // No `hreflang`: a feed is no language version of the page (behaviour.md: Sharing).
  for (const feed of share.feeds)
    lines.push(
      `<link rel="alternate" type="application/atom+xml" title="${attr(feed.title)}" href="${attr(feed.href)}">`,
    );
  return lines;
}

import { toHtmlText, toScriptJson } from '../escape.ts';
import { HOST_PROFILES, toPagePolicy } from '../hosts.ts';
import type { ClientAssets, Payload, SiteConfig, SiteLocale, SiteScript } from '../types.ts';
import { toAbsoluteUrl } from '../../runtime/urls.ts';
import { toEmbeddedPayload } from '../../runtime/shared-data.ts';
import { toLocaleConfig } from './payload.ts';
import type { ShareHead } from './share.ts';

interface DocumentExtra {
  /** Scripts that must run before first paint (behaviour.md: Root redirect); external, never inline. */
  readonly blocking?: readonly string[];
  /** Classic scripts, deferred: they run in order, before the module. */
  readonly scripts?: readonly string[];
  /** Outside what the runtime hydrates (a `<noscript>` notice). */
  readonly before?: string;
  /** None on error pages. */
  readonly share?: ShareHead;
}

/** A complete HTML5 document: no inline script, only external files. */
export function renderDocument(
  config: SiteConfig,
  assets: ClientAssets,
  payload: Payload,
  body: string,
  extra: DocumentExtra,
): string {
  const locale = toLocaleConfig(config, payload.locale);
  const scripts = (extra.scripts ?? []).map((src) => `<script src="${toHtmlText(src)}" defer></script>`).join('');
  const module = `<script type="module" src="${toHtmlText(assets.boot)}"></script>`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${locale.iso}">`,
    '<head>',
    renderHead(config, assets, payload, locale, extra),
    '</head>',
    '<body>',
    ...(extra.before ? [extra.before] : []),
    `<div id="app">${body}</div>`,
    `<script type="application/json" id="site-data">${toScriptJson(toEmbeddedPayload(payload))}</script>`,
    `${scripts}${module}`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The document head (behaviour.md: Head and SEO): title, description, canonical, alternates (x-default first), og:*. */
function renderHead(
  config: SiteConfig,
  assets: ClientAssets,
  payload: Payload,
  locale: SiteLocale,
  extra: DocumentExtra,
): string {
  const attr = toHtmlText;
  const { head } = payload;
  // Where the host sends no headers (behaviour.md: Hosts); first, so it covers the rest.
  const policy = HOST_PROFILES[config.host].policyInPage ? toPagePolicy(assets.policy) : null;
  const icons = assets.icons;
  const manifest = icons?.manifests[payload.locale];
  const lines = [
    '<meta charset="utf-8">',
    ...(policy ? [`<meta http-equiv="Content-Security-Policy" content="${attr(policy)}">`] : []),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...(extra.blocking ?? []).map((src) => `<script src="${attr(src)}"></script>`),
    `<title>${toHtmlText(head.title)}</title>`,
    `<meta name="description" content="${attr(payload.description)}">`,
    `<meta name="site-build" content="${attr(payload.buildId)}">`,
    ...toCanonicalLines(config, payload),
    property('og:type', head.ogType),
    // Without the brand: share dialogs show the site's name beside it.
    property('og:title', payload.title),
    property('og:description', payload.description),
    property('og:site_name', locale.siteTitle),
    property('og:locale', head.ogLocale),
    ...config.locales.filter((l) => l.code !== locale.code).map((l) => property('og:locale:alternate', l.ogLocale)),
    ...toShareLines(extra.share ?? null),
    // Beside the stylesheet, not after it is parsed: text is drawn in its face at once.
    ...(config.theme.preloadFonts ?? []).map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" href="${attr(href)}">`,
    ),
    `<link rel="stylesheet" href="${attr(assets.css)}">`,
    `<noscript><link rel="stylesheet" href="${attr(assets.noscriptCss)}"></noscript>`,
    // behaviour.md: Third-party scripts.
    ...config.scripts.map(renderScript),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...(icons ? [`<link rel="apple-touch-icon" href="${attr(icons.touch)}">`] : []),
    ...(manifest ? [`<link rel="manifest" href="${attr(manifest)}">`] : []),
    `<meta name="theme-color" content="${attr(config.theme.primary)}">`,
    ...(extra.share?.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${toScriptJson(data)}</script>`,
    ),
  ];
  return lines.join('\n');
}

/** behaviour.md: Publishing; Head and SEO. A long list's pages before and after, absolute as the canonical is. */
function toCanonicalLines(config: SiteConfig, payload: Payload): string[] {
  const attr = toHtmlText;
  const { head, pagination } = payload;
  // Error pages: no canonical, no alternates, not indexed (behaviour.md: Error pages).
  if (!head.canonical) return ['<meta name="robots" content="noindex">'];
  const lines = [
    `<meta name="robots" content="${head.noindex ? 'noindex' : 'max-image-preview:large'}">`,
    `<link rel="canonical" href="${attr(head.canonical)}">`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}">`),
    `<meta property="og:url" content="${attr(head.canonical)}">`,
  ];
  if (pagination?.prev) lines.push(`<link rel="prev" href="${attr(toAbsoluteUrl(config.baseUrl, pagination.prev))}">`);
  if (pagination?.next) lines.push(`<link rel="next" href="${attr(toAbsoluteUrl(config.baseUrl, pagination.next))}">`);
  return lines;
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
      `<link rel="alternate" type="application/atom+xml" title="${toHtmlText(feed.title)}" href="${toHtmlText(feed.href)}">`,
    );
  return lines;
}

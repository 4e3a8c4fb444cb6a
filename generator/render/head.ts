import { toHtmlText } from './escape.ts';
import type { Alternate, ClientAssets, LocaleConfig } from '../types.ts';

export interface HeadInput {
  readonly locale: LocaleConfig;
  readonly otherLocales: readonly LocaleConfig[];
  /** The full `<title>`: page title, separator, site title (SPEC §5). */
  readonly title: string;
  readonly description: string;
  readonly siteName: string;
  readonly buildId: string;
  readonly assets: ClientAssets;
  /** Absent on error pages: they have no canonical, no alternates and are not indexed (SPEC §5). */
  readonly seo: {
    readonly canonical: string;
    readonly alternates: readonly Alternate[];
    readonly ogType: string;
  } | null;
}

/** The document head of SPEC §5: title, description, canonical, alternates (x-default first), og:*. */
export function renderHead(input: HeadInput): string {
  const attr = toHtmlText;
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${toHtmlText(input.title)}</title>`,
    `<meta name="description" content="${attr(input.description)}">`,
    `<meta name="site-build" content="${attr(input.buildId)}">`,
  ];
  if (input.seo) {
    const { canonical, alternates, ogType } = input.seo;
    lines.push(`<link rel="canonical" href="${attr(canonical)}">`);
    for (const a of alternates) lines.push(`<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}">`);
    lines.push(
      `<meta property="og:url" content="${attr(canonical)}">`,
      `<meta property="og:type" content="${attr(ogType)}">`,
    );
  } else {
    lines.push('<meta name="robots" content="noindex">');
  }
  lines.push(
    `<meta property="og:title" content="${attr(input.title)}">`,
    `<meta property="og:description" content="${attr(input.description)}">`,
    `<meta property="og:site_name" content="${attr(input.siteName)}">`,
    `<meta property="og:locale" content="${attr(input.locale.ogLocale)}">`,
    ...input.otherLocales.map((l) => `<meta property="og:locale:alternate" content="${attr(l.ogLocale)}">`),
    `<link rel="stylesheet" href="${attr(input.assets.css)}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  );
  return lines.join('\n');
}

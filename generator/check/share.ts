import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { unescapeHtml } from '../escape.ts';
import type { OutputPage } from './output.ts';
import { isWholePng, toPngSize } from '../png.ts';

// `site check` on what pages tell share dialogs, search engines and feed readers (behaviour.md:
// Sharing), read from the output as they would read it: the card image each page names, its
// structured data, the feeds and the app icons.

const attr = (html: string, re: RegExp) => {
  const value = re.exec(html)?.[1];
  return value === undefined ? null : unescapeHtml(value);
};

/** The first fault of an XML document's structure (tags closed in order, one root), or null. */
export function toXmlFault(xml: string): string | null {
  const body = xml
    .replace(/^\uFEFF?<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const open: string[] = [];
  let roots = 0;
  for (const match of body.matchAll(
    /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<|&(?!(?:[a-z]+|#\d+|#x[\da-f]+);)/gi,
  )) {
    const [whole, closing, name, , selfClosing] = match;
    if (whole === '<') return 'a `<` that starts no tag';
    if (whole === '&') return 'a `&` that starts no entity';
    if (open.length === 0 && !closing) roots += 1;
    if (selfClosing) continue;
    if (!closing) open.push(name as string);
    else if (open.pop() !== name) return `</${name}> closes no open <${name}>`;
  }
  if (open.length > 0) return `<${open.at(-1)}> is never closed`;
  return roots === 1 ? null : `${roots} root elements, not one`;
}

/** Properties search engines require of each type this site writes. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  Organization: ['name', 'logo'],
  WebSite: ['name', 'url'],
  NewsArticle: ['headline', 'datePublished', 'author', 'publisher'],
  BreadcrumbList: ['itemListElement'],
};

export function checkSharing(config: SiteConfig, outDir: string, pages: readonly OutputPage[]): SiteProblem[] {
  const base = config.baseUrl;
  const problems: SiteProblem[] = [];
  const urls = new Set(pages.map((p) => p.url));
  /** The output file of a URL of this site (absolute under the base URL, or root-relative), or null. */
  const toFile = (url: string): string | null => {
    const local = base && url.startsWith(`${base}/`) ? url.slice(base.length) : url === base ? '/' : url;
    if (!local.startsWith('/') || local.startsWith('//')) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(local.split(/[?#]/)[0] as string);
    } catch {
      return null;
    }
    const file = path.join(outDir, decoded);
    return file.startsWith(`${outDir}${path.sep}`) ? file : null;
  };
  const isPage = (url: string) => {
    const local = base && url.startsWith(base) ? url.slice(base.length) || '/' : url;
    return urls.has(local);
  };
  const feeds = new Set<string>();
  const icons = new Set<string>();
  for (const page of pages) {
    // The site's own pages: not the error pages (noindex), not HTML files of site/public.
    if (page.noindex || !page.payload) continue;
    const head = page.html.slice(0, Math.max(0, page.html.indexOf('</head>')));
    const share = (reason: string) => problems.push(toProblem('SHARE_IMAGE', { page: page.url, reason }));
    const image = attr(head, /<meta property="og:image" content="([^"]*)"/);
    if (base && image === null) share('the page names none');
    if (image !== null) {
      const width = attr(head, /<meta property="og:image:width" content="([^"]*)"/);
      const height = attr(head, /<meta property="og:image:height" content="([^"]*)"/);
      if (width !== '1200' || height !== '630') share(`its size is given as ${width ?? '?'} × ${height ?? '?'}`);
      if (!/<meta name="twitter:card" content="summary_large_image">/.test(head)) share('no `twitter:card`');
      const file = toFile(image);
      if (file !== null) {
        if (!existsSync(file)) share(`${image} is no file of the build`);
        else {
          const bytes = readFileSync(file);
          const size = toPngSize(bytes);
          if (!size) share(`${image} is no PNG`);
          else if (size.width !== 1200 || size.height !== 630) share(`${image} is ${size.width} × ${size.height}`);
          else if (!isWholePng(bytes)) share(`${image} is a PNG cut short or damaged`);
        }
      }
    }

    const data = (reason: string) => problems.push(toProblem('STRUCTURED_DATA', { page: page.url, reason }));
    const types: string[] = [];
    for (const [, block] of head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(block as string) as Record<string, unknown>;
      } catch {
        data('a block is no JSON');
        continue;
      }
      const type = parsed['@type'];
      if (parsed['@context'] !== 'https://schema.org' || typeof type !== 'string') {
        data('a block has no `@context` https://schema.org or no `@type`');
        continue;
      }
      types.push(type);
      for (const key of REQUIRED[type] ?? [])
        if (parsed[key] === undefined || parsed[key] === '') data(`its ${type} has no \`${key}\``);
      if (type === 'NewsArticle' && image !== null && parsed.image === undefined)
        data('its NewsArticle has no `image`');
      if (type === 'BreadcrumbList') {
        const items = Array.isArray(parsed.itemListElement)
          ? (parsed.itemListElement as Record<string, unknown>[])
          : [];
        if (items.length === 0) data('its BreadcrumbList lists nothing');
        items.forEach((item, i) => {
          if (item.position !== i + 1 || typeof item.name !== 'string' || !item.name)
            data(`breadcrumb ${i + 1} has no position ${i + 1} or no name`);
          else if (typeof item.item !== 'string' || !isPage(item.item))
            data(`breadcrumb ${i + 1} (${item.name}) names no page of the build`);
        });
      }
    }
    if (base && page.payload?.template === 'article' && !types.includes('NewsArticle'))
      data('the article has no NewsArticle');

    for (const [, href] of head.matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]*? href="([^"]*)"/g))
      feeds.add(unescapeHtml(href as string));
    const touch = attr(head, /<link rel="apple-touch-icon" href="([^"]*)"/);
    const manifest = attr(head, /<link rel="manifest" href="([^"]*)"/);
    if (touch === null || manifest === null)
      problems.push(toProblem('APP_ICON_MISSING', { page: page.url, reason: 'no touch icon or no manifest' }));
    if (touch) icons.add(`touch ${touch}`);
    if (manifest) icons.add(`manifest ${manifest}`);
  }

  for (const feed of feeds) {
    const fail = (reason: string) => problems.push(toProblem('FEED_INVALID', { feed, reason }));
    const file = toFile(feed);
    if (!file || !existsSync(file)) {
      fail('no file of the build');
      continue;
    }
    const xml = readFileSync(file, 'utf8');
    const fault = toXmlFault(xml);
    if (fault) {
      fail(`not well-formed: ${fault}`);
      continue;
    }
    if (!/^(?:<\?xml[^>]*\?>\s*)?<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/.test(xml)) fail('no Atom feed');
    for (const [, entry] of xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)) {
      const link = attr(entry as string, /<link href="([^"]*)"/);
      if (!link || !isPage(link)) fail(`an entry links to ${link ?? 'nothing'}, no page of the build`);
    }
  }

  for (const icon of icons) {
    const [kind, href] = icon.split(' ') as [string, string];
    const fail = (reason: string) => problems.push(toProblem('APP_ICON_MISSING', { page: href, reason }));
    const file = toFile(href);
    if (!file || !existsSync(file)) {
      fail(`${href} is no file of the build`);
      continue;
    }
    if (kind === 'touch') continue;
    let listed: { src?: string; sizes?: string }[] = [];
    try {
      listed = (JSON.parse(readFileSync(file, 'utf8')) as { icons?: typeof listed }).icons ?? [];
    } catch {
      fail('the manifest is no JSON');
      continue;
    }
    if (listed.length === 0) fail('the manifest lists no icon');
    for (const entry of listed) {
      const png = entry.src ? toFile(entry.src) : null;
      const bytes = png && existsSync(png) ? readFileSync(png) : null;
      const size = bytes && isWholePng(bytes) ? toPngSize(bytes) : null;
      if (!size) fail(`its icon ${entry.src ?? '(none)'} is no whole PNG of the build`);
      else if (entry.sizes !== `${size.width}x${size.height}`)
        fail(`its icon ${entry.src} is ${size.width}x${size.height}, listed as ${entry.sizes}`);
    }
  }
  return problems;
}

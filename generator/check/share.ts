import { existsSync, readFileSync } from 'node:fs';
import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { unescapeHtml } from '../escape.ts';
import { isOutputPage, readAttr, readOutputFile, toOutputFile, type Output, type OutputPage } from './output.ts';
import { isWholePng, toPngSize } from '../png.ts';
import { ZONED_TIME } from './seo.ts';
import { findGraphFaults, findNodeFaults, type Node } from './structured-data.ts';

// What pages tell share dialogs, search engines and feed readers (behaviour.md: Sharing).

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

function toIconLinks(head: string): { touch: string | null; manifest: string | null } {
  return {
    touch: readAttr(head, /<link rel="apple-touch-icon" href="([^"]*)"/),
    manifest: readAttr(head, /<link rel="manifest" href="([^"]*)"/),
  };
}

function toFeedLinks(head: string): string[] {
  return [...head.matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]*? href="([^"]*)"/g)].map(
    ([, href]) => unescapeHtml(href as string),
  );
}

/** The app icons a head links, as `touch <href>` and `manifest <href>`, the ones with an address. */
function toIconRefs(head: string): string[] {
  const { touch, manifest } = toIconLinks(head);
  return [...(touch ? [`touch ${touch}`] : []), ...(manifest ? [`manifest ${manifest}`] : [])];
}

/** The card, structured data, feeds and app icons of every page, then of the feeds and icons they name. */
export function checkSharing(config: SiteConfig, outDir: string, pages: readonly OutputPage[]): SiteProblem[] {
  const output: Output = { base: config.baseUrl, outDir, urls: new Set(pages.map((p) => p.url)) };
  // The site's own pages: not the error pages (noindex), not HTML files of site/public.
  const own = pages.filter((page) => !page.noindex && page.payload);
  const feeds = new Set(own.flatMap((page) => toFeedLinks(page.head)));
  const icons = new Set(own.flatMap((page) => toIconRefs(page.head)));
  return [
    ...own.flatMap((page) => [
      ...checkShareImage(output, page.url, page.head),
      ...checkStructuredData(output, page),
      ...checkIconLinks(page.url, page.head),
    ]),
    ...[...feeds].flatMap((feed) => checkFeed(output, feed)),
    ...[...icons].flatMap((icon) => checkIcon(output, icon)),
  ];
}

/** A missing or mis-sized card image, the card's tags, and the PNG file it names. */
function checkShareImage(output: Output, page: string, head: string): SiteProblem[] {
  const image = readAttr(head, /<meta property="og:image" content="([^"]*)"/);
  if (image === null) return output.base ? [toProblem('SHARE_IMAGE', { page, reason: 'the page names none' })] : [];
  const reasons: string[] = [];
  const width = readAttr(head, /<meta property="og:image:width" content="([^"]*)"/);
  const height = readAttr(head, /<meta property="og:image:height" content="([^"]*)"/);
  if (width !== '1200' || height !== '630') reasons.push(`its size is given as ${width ?? '?'} × ${height ?? '?'}`);
  if (!/<meta name="twitter:card" content="summary_large_image">/.test(head)) reasons.push('no `twitter:card`');
  const file = toOutputFile(output, image);
  const fault = file === null ? null : toImageFault(file, image);
  if (fault) reasons.push(fault);
  return reasons.map((reason) => toProblem('SHARE_IMAGE', { page, reason }));
}

/** Why a card's file is no card: missing, no PNG, not 1200 × 630, or cut short; null when it is one. */
function toImageFault(file: string, image: string): string | null {
  if (!existsSync(file)) return `${image} is no file of the build`;
  const bytes = readFileSync(file);
  const size = toPngSize(bytes);
  if (!size) return `${image} is no PNG`;
  if (size.width !== 1200 || size.height !== 630) return `${image} is ${size.width} × ${size.height}`;
  if (!isWholePng(bytes)) return `${image} is a PNG cut short or damaged`;
  return null;
}

/** Faults of a page's JSON-LD (structured-data.ts), and an article or position without its node. */
function checkStructuredData(output: Output, page: OutputPage): SiteProblem[] {
  const image = readAttr(page.head, /<meta property="og:image" content="([^"]*)"/);
  const drawnCard = image !== null && /\/_app\/cards\//.test(image);
  const nodes: Node[] = [];
  const reasons: string[] = [];
  for (const [, block] of page.head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    let parsed: Node;
    try {
      parsed = JSON.parse(block as string) as Node;
    } catch {
      reasons.push('a block is no JSON');
      continue;
    }
    const graph = Array.isArray(parsed['@graph']) ? (parsed['@graph'] as Node[]) : [parsed];
    if (parsed['@context'] !== 'https://schema.org' || graph.some((node) => typeof node?.['@type'] !== 'string')) {
      reasons.push('a block has no `@context` https://schema.org, or a node has no `@type`');
      continue;
    }
    nodes.push(...graph);
  }
  reasons.push(...nodes.flatMap((node) => findNodeFaults(output, node, drawnCard)));
  if (output.base && nodes.length > 0) reasons.push(...findGraphFaults(output.base, nodes));
  const types = nodes.map((node) => node['@type']);
  // The website's name is the brand share dialogs show as the site's (behaviour.md: Head and SEO).
  const siteName = readAttr(page.head, /<meta property="og:site_name" content="([^"]*)"/);
  const website = nodes.find((node) => node['@type'] === 'WebSite');
  if (website && website.name !== siteName)
    reasons.push(`its WebSite's name is ${String(website.name)}, not the site's name ${siteName ?? '(none)'}`);
  if (output.base && page.payload?.template === 'article' && !types.includes('NewsArticle'))
    reasons.push('the article has no NewsArticle');
  if (output.base && page.payload?.data?.job && !types.includes('JobPosting'))
    reasons.push('the position has no JobPosting');
  return reasons.map((reason) => toProblem('STRUCTURED_DATA', { page: page.url, reason }));
}

function checkIconLinks(page: string, head: string): SiteProblem[] {
  const { touch, manifest } = toIconLinks(head);
  if (touch !== null && manifest !== null) return [];
  return [toProblem('APP_ICON_MISSING', { page, reason: 'no touch icon or no manifest' })];
}

/** A feed that is no file of the build, no well-formed Atom feed, or has entries linking no page. */
function checkFeed(output: Output, feed: string): SiteProblem[] {
  const fail = (reason: string) => toProblem('FEED_INVALID', { feed, reason });
  const xml = readOutputFile(output, feed)?.toString('utf8');
  if (xml === undefined) return [fail('no file of the build')];
  const fault = toXmlFault(xml);
  if (fault) return [fail(`not well-formed: ${fault}`)];
  const isAtom = /^(?:<\?xml[^>]*\?>\s*)?<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/.test(xml);
  const times = [...xml.matchAll(/<(updated|published)>([^<]*)<\/\1>/g)].filter(
    ([, , t]) => !ZONED_TIME.test(t as string),
  );
  return [
    ...(isAtom ? [] : [fail('no Atom feed')]),
    ...(/<feed [^>]*xml:lang="[^"]+"/.test(xml) ? [] : [fail('the feed does not say its language (`xml:lang`)')]),
    ...times.map(([, name, time]) => fail(`<${name}> ${time} is no time with its zone offset`)),
    ...[...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].flatMap(([, entry]) => {
      const link = readAttr(entry as string, /<link href="([^"]*)"/);
      return link && isOutputPage(output, link)
        ? []
        : [fail(`an entry links to ${link ?? 'nothing'}, no page of the build`)];
    }),
  ];
}

/** An icon (`touch <href>` or `manifest <href>`) that is no file, or a manifest whose icons are not what it lists. */
function checkIcon(output: Output, icon: string): SiteProblem[] {
  const [kind, href] = icon.split(' ') as [string, string];
  const fail = (reason: string) => toProblem('APP_ICON_MISSING', { page: href, reason });
  const file = readOutputFile(output, href);
  if (!file) return [fail(`${href} is no file of the build`)];
  if (kind === 'touch') return [];
  let listed: { src?: string; sizes?: string }[] = [];
  try {
    listed = (JSON.parse(file.toString('utf8')) as { icons?: typeof listed }).icons ?? [];
  } catch {
    return [fail('the manifest is no JSON')];
  }
  return [
    ...(listed.length === 0 ? [fail('the manifest lists no icon')] : []),
    ...listed.flatMap((entry) => {
      const bytes = entry.src ? readOutputFile(output, entry.src) : null;
      const size = bytes && isWholePng(bytes) ? toPngSize(bytes) : null;
      if (!size) return [fail(`its icon ${entry.src ?? '(none)'} is no whole PNG of the build`)];
      if (entry.sizes !== `${size.width}x${size.height}`)
        return [fail(`its icon ${entry.src} is ${size.width}x${size.height}, listed as ${entry.sizes}`)];
      return [];
    }),
  ];
}

import { toProblem } from '../problems/problem.ts';
import { unescapeHtml } from '../escape.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { toTitleWidth } from '../../runtime/titles.ts';
import type { OutputPage } from './output.ts';

// `site check` on what a search result and a share dialog read of a page's head besides its
// language versions (behaviour.md: Head and SEO): the title's length, the brand as the site's
// name, the robots meta tag, and feed links that are no language versions.

/** A title taking more room than this is cut off in a result (runtime/titles.ts leaves the brand off above 60). */
const TITLE_WARN = 65;

/** The head rules of every page of the site's own (not the error pages). */
export function checkHead(config: SiteConfig, pages: readonly OutputPage[]): SiteProblem[] {
  return pages
    .filter((page) => page.payload && !page.payload.error)
    .flatMap((page) => [
      ...checkTitle(page),
      ...checkSiteName(config, page),
      ...checkRobots(page),
      ...checkFeedLinks(page),
    ]);
}

const at = (page: OutputPage) => ({ file: page.file, line: 1, column: 1 });

function checkTitle(page: OutputPage): SiteProblem[] {
  const width = toTitleWidth(page.title ?? '');
  if (width <= TITLE_WARN) return [];
  return [toProblem('SEO_TITLE_LONG', { page: page.url, title: page.title ?? '', width: String(width) }, at(page))];
}

/** `og:site_name` that is not the brand of the page's locale (search engines and share dialogs show it as the site's name). */
function checkSiteName(config: SiteConfig, page: OutputPage): SiteProblem[] {
  const brand = config.locales.find((l) => l.code === page.payload?.locale)?.siteTitle;
  const raw = /<meta property="og:site_name" content="([^"]*)">/.exec(page.html)?.[1];
  const name = raw === undefined ? null : unescapeHtml(raw);
  if (name === brand) return [];
  const reason = `og:site_name is ${name ?? 'missing'} where the brand is ${brand}`;
  return [toProblem('SEO_LOCALE', { page: page.url, reason }, at(page))];
}

/** An indexable page without a large image preview allowed, or a page with two robots tags. */
function checkRobots(page: OutputPage): SiteProblem[] {
  const head = page.html.slice(0, Math.max(0, page.html.indexOf('</head>')));
  const tags = [...head.matchAll(/<meta name="robots" content="([^"]*)">/g)].map((m) => m[1] as string);
  const reasons: string[] = [];
  if (tags.length > 1) reasons.push(`it has ${tags.length} robots tags: ${tags.join('; ')}`);
  if (!page.noindex && !tags.some((content) => content.split(/,\s*/).includes('max-image-preview:large')))
    reasons.push('it has no `max-image-preview:large`: results show its images as thumbnails at most');
  return reasons.map((reason) => toProblem('SEO_ROBOTS', { page: page.url, reason }, at(page)));
}

/** A feed link that carries `hreflang`: search engines count it as one more language version of the page. */
function checkFeedLinks(page: OutputPage): SiteProblem[] {
  return [...page.html.matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]*>/g)]
    .filter(([link]) => / hreflang="/.test(link))
    .map(([link]) => {
      const reason = `the feed link ${link} carries hreflang, as if the feed were a language version`;
      return toProblem('SEO_ALTERNATE', { page: page.url, reason }, at(page));
    });
}

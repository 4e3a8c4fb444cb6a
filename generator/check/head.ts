import { toProblem } from '../problems/problem.ts';
import type { SiteConfig, SiteProblem } from '../types.ts';
import { toTitleWidth } from '../../runtime/titles.ts';
import { atStart, readAttr, type OutputPage } from './output.ts';

// What results and share dialogs read of a head besides its alternates (behaviour.md: Head and SEO).

/** Wider than this, a result cuts the title off (runtime/titles.ts leaves the brand off above 60). */
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

const at = (page: OutputPage) => atStart(page.file);

function checkTitle(page: OutputPage): SiteProblem[] {
  const width = toTitleWidth(page.title ?? '');
  if (width <= TITLE_WARN) return [];
  return [toProblem('SEO_TITLE_LONG', { page: page.url, title: page.title ?? '', width: String(width) }, at(page))];
}

/** `og:site_name` must be the locale's brand: results and share dialogs show it as the site's name. */
function checkSiteName(config: SiteConfig, page: OutputPage): SiteProblem[] {
  const brand = config.locales.find((l) => l.code === page.payload?.locale)?.siteTitle;
  const name = readAttr(page.html, /<meta property="og:site_name" content="([^"]*)">/);
  if (name === brand) return [];
  const reason = `og:site_name is ${name ?? 'missing'} where the brand is ${brand}`;
  return [toProblem('SEO_LOCALE', { page: page.url, reason }, at(page))];
}

/** An indexable page without a large image preview allowed, or a page with two robots tags. */
function checkRobots(page: OutputPage): SiteProblem[] {
  const tags = [...page.head.matchAll(/<meta name="robots" content="([^"]*)">/g)].map((m) => m[1] as string);
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

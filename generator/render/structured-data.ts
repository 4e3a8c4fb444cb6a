import type { BreadcrumbList, Graph, JobPosting, NewsArticle, Place, Thing, WebPage, WebSite } from 'schema-dts';
import { toHtmlText } from '../escape.ts';
import type { JobFields, SiteLocale } from '../types.ts';
import { toSection } from '../resolve/sections.ts';
import { toEndOfDay, toPageTimes } from '../resolve/times.ts';
import { toLocaleConfig } from './payload.ts';
import { toAirport, toOrganization, toOrganizationId, toOtherBrands } from './organization.ts';
import type { GraphInput } from './share-input.ts';

// A page's JSON-LD (behaviour.md: Sharing): one graph, every node tied to the company by `@id`. The
// company is whole on every page: no search engine needs another page to learn who publishes it.

const toWebSiteId = (base: string) => `${base}/#website`;

/** The company, the website, the page, and its breadcrumbs, article or position. */
export function toStructuredData(input: GraphInput): Graph {
  const { config, page } = input;
  const locale = toLocaleConfig(config, page.locale);
  const crumbs = page.route.path.split('/').length > 2 ? toBreadcrumbs(input, locale) : null;
  const nodes: Thing[] = [
    toOrganization(input, locale),
    toWebSite(input, locale),
    toWebPage(input, crumbs),
    ...(crumbs ? [crumbs] : []),
    ...(page.route.template === 'article' ? [toNewsArticle(input)] : []),
    ...(page.content.data.extra.job ? [toJobPosting(input)] : []),
  ];
  return { '@context': 'https://schema.org', '@graph': nodes };
}

function toWebSite({ config, base }: GraphInput, locale: SiteLocale): WebSite {
  return {
    '@type': 'WebSite',
    '@id': toWebSiteId(base),
    url: base,
    name: locale.siteTitle,
    alternateName: toOtherBrands(config, locale),
    ...(locale.claim ? { description: locale.claim } : {}),
    inLanguage: config.locales.map((l) => l.iso),
    publisher: { '@id': toOrganizationId(base) },
  };
}

function toWebPage({ config, page, base }: GraphInput, crumbs: BreadcrumbList | null): WebPage {
  return {
    '@type': 'WebPage',
    '@id': page.canonical,
    url: page.canonical,
    name: page.content.data.title,
    description: page.content.data.description,
    inLanguage: toLocaleConfig(config, page.content.locale).iso,
    isPartOf: { '@id': toWebSiteId(base) },
    ...(crumbs ? { breadcrumb: { '@id': crumbs['@id'] as string } } : {}),
  };
}

function toNewsArticle({ config, page, images, base }: GraphInput): NewsArticle {
  const organization = { '@id': toOrganizationId(base) };
  const { published, modified } = toPageTimes(page.content, config.publish.timeZone);
  return {
    '@type': 'NewsArticle',
    '@id': `${page.canonical}#article`,
    headline: page.content.data.title,
    description: page.content.data.description,
    inLanguage: toLocaleConfig(config, page.content.locale).iso,
    url: page.canonical,
    mainEntityOfPage: { '@id': page.canonical },
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    ...(images.length > 0 ? { image: images.map((image) => image.url) } : {}),
    publisher: organization,
    author: organization,
  };
}

/** The trail from the home page, through the section unless the page is its first, to the page. */
function toBreadcrumbs({ config, page, t, base }: GraphInput, locale: SiteLocale): BreadcrumbList {
  const absolute = (path: string) => (path === '/' ? base : `${base}${path}`);
  const section = toSection(config, page, t);
  const crumbs = [
    { name: t('nav:home'), item: absolute(locale.prefix || '/') },
    ...(section && section.url !== page.url ? [{ name: section.label, item: absolute(section.url) }] : []),
    { name: page.content.data.title, item: page.canonical },
  ];
  return {
    '@type': 'BreadcrumbList',
    '@id': `${page.canonical}#breadcrumb`,
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
  };
}

/** A position's JobPosting (behaviour.md: Sharing), from what the page shows. */
function toJobPosting({ config, page, t, base, html }: GraphInput): JobPosting {
  const job = page.content.data.extra.job as JobFields;
  const { data } = page.content;
  const timeZone = config.publish.timeZone;
  const shifts = data.extra.shifts;
  const stations = config.organization?.stations ?? [];
  const jobLocation: Place[] = job.stations.map((code) => {
    const airport = toAirport(config, t, stations.find((s) => s.iataCode === code) ?? { iataCode: code });
    return { '@type': 'Place', name: airport.name, address: airport.address };
  });
  return {
    '@type': 'JobPosting',
    '@id': `${page.canonical}#job`,
    title: data.title,
    description: `<p>${toHtmlText(data.description)}</p>${html}`,
    url: page.canonical,
    mainEntityOfPage: { '@id': page.canonical },
    datePosted: toPageTimes(page.content, timeZone).published ?? '',
    // Applications are taken all of the last day.
    validThrough: toEndOfDay(job.validThrough, timeZone),
    employmentType: job.employmentType,
    hiringOrganization: { '@id': toOrganizationId(base) },
    jobLocation,
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.salary.currency,
      value: {
        '@type': 'QuantitativeValue',
        minValue: job.salary.min,
        maxValue: job.salary.max,
        unitText: job.salary.per,
      },
    },
    ...(typeof shifts === 'string' ? { workHours: shifts } : {}),
  };
}

import { z } from 'zod';
import { toPngSize } from '../png.ts';
import { isOutputPage, readOutputFile, type Output } from './output.ts';
import { ZONED_TIME } from './seo.ts';

// A page's JSON-LD as a search engine reads it (behaviour.md: Sharing).

export type Node = Record<string, unknown>;

/** Properties search engines require of each type this site writes. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  Organization: ['@id', 'name', 'legalName', 'logo', 'url'],
  WebSite: ['@id', 'name', 'url'],
  WebPage: ['@id', 'url', 'isPartOf'],
  NewsArticle: ['headline', 'datePublished', 'dateModified', 'author', 'publisher'],
  BreadcrumbList: ['itemListElement'],
  JobPosting: [
    ...['title', 'description', 'datePosted', 'validThrough', 'employmentType'],
    ...['hiringOrganization', 'jobLocation', 'baseSalary'],
  ],
};

const TIMES = ['datePublished', 'dateModified', 'datePosted', 'validThrough'];
const EMPLOYMENT = /^(?:FULL_TIME|PART_TIME|CONTRACTOR|TEMPORARY|INTERN|VOLUNTEER|PER_DIEM|OTHER)$/;
const PERIOD = /^(?:HOUR|DAY|WEEK|MONTH|YEAR)$/;

/** A salary as Google reads it: a currency, a range from the lower, and a period. */
const SALARY = z.object({
  '@type': z.literal('MonetaryAmount'),
  currency: z.string().regex(/^[A-Z]{3}$/),
  value: z
    .object({
      minValue: z.number().positive(),
      maxValue: z.number().positive(),
      unitText: z.string().regex(PERIOD),
    })
    .refine((value) => value.minValue <= value.maxValue),
});

const POSTAL_ADDRESS = z
  .looseObject({ '@type': z.literal('PostalAddress'), addressCountry: z.string().regex(/^[A-Z]{2}$/) })
  .refine((address) => Boolean(address.addressLocality || address.addressRegion));

const isPostalAddress = (value: unknown) => POSTAL_ADDRESS.safeParse(value).success;

/** Why one node falls short: required properties, times without their zone, and its type's own rules. */
export function findNodeFaults(output: Output, node: Node, drawnCard: boolean): string[] {
  const type = node['@type'] as string;
  const reasons = (REQUIRED[type] ?? [])
    .filter((key) => node[key] === undefined || node[key] === '')
    .map((key) => `its ${type} has no \`${key}\``);
  for (const key of TIMES) {
    const time = node[key];
    if (typeof time === 'string' && (!ZONED_TIME.test(time) || Number.isNaN(Date.parse(time))))
      reasons.push(`its ${type}'s \`${key}\` ${time} is no time with its zone offset`);
  }
  if (type === 'NewsArticle') reasons.push(...findImageFaults(output, node, drawnCard));
  if (type === 'JobPosting') reasons.push(...findJobFaults(node));
  if (type === 'Organization') reasons.push(...findOrganizationFaults(node));
  if (type === 'BreadcrumbList') reasons.push(...findCrumbFaults(output, node));
  return reasons;
}

/** The shapes results show an article's image in: each wanted at least 1200 px wide. */
const SHAPES = [
  ['16:9', 16 / 9],
  ['4:3', 4 / 3],
  ['1:1', 1],
] as const;

/** An article's images: files of the build, at least 1200 px wide; a drawn card's in all three shapes. */
function findImageFaults(output: Output, node: Node, drawnCard: boolean): string[] {
  const images = (Array.isArray(node.image) ? node.image : [node.image]).filter((i) => typeof i === 'string');
  if (!drawnCard) return [];
  if (images.length === 0) return ['its NewsArticle has no `image`'];
  const sizes = images.map((url) => {
    const bytes = readOutputFile(output, url);
    return { url, size: bytes && toPngSize(bytes) };
  });
  return [
    ...sizes.flatMap(({ url, size }) => {
      if (!size) return [`its NewsArticle's image ${url} is no PNG of the build`];
      return size.width < 1200 ? [`its NewsArticle's image ${url} is ${size.width} px wide, under 1200`] : [];
    }),
    ...SHAPES.filter(
      ([, ratio]) => !sizes.some(({ size }) => size && Math.abs(size.width / size.height - ratio) < 0.01),
    ).map(([name]) => `its NewsArticle has no image of ${name}`),
  ];
}

/** A JobPosting's values as Google reads them: kind of employment, salary, places, and its days in order. */
function findJobFaults(node: Node): string[] {
  const reasons: string[] = [];
  if (typeof node.employmentType === 'string' && !EMPLOYMENT.test(node.employmentType))
    reasons.push(`its JobPosting's employmentType ${node.employmentType} is none of Google's`);
  if (!SALARY.safeParse(node.baseSalary).success)
    reasons.push('its JobPosting has no baseSalary of a currency, a range from the lower and a period');
  const places = Array.isArray(node.jobLocation) ? (node.jobLocation as Node[]) : [node.jobLocation as Node];
  for (const place of places)
    if (!isPostalAddress(place?.address))
      reasons.push(
        'a jobLocation of its JobPosting has no postal address with a country code and a locality or region',
      );
  const [posted, through] = [node.datePosted, node.validThrough].map((t) => Date.parse(String(t)));
  if ((posted as number) > (through as number)) reasons.push("its JobPosting's validThrough is before its datePosted");
  return reasons;
}

/** The organization's address in its parts, and each of its stations an Airport by its IATA code. */
function findOrganizationFaults(node: Node): string[] {
  const reasons: string[] = [];
  if (node.address !== undefined && !isPostalAddress(node.address))
    reasons.push('its Organization has no postal address with a country code and a locality or region');
  const locations = node.location === undefined ? [] : Array.isArray(node.location) ? node.location : [node.location];
  for (const location of locations as Node[]) {
    const code = location?.iataCode;
    if (location?.['@type'] !== 'Airport' || typeof code !== 'string' || !/^[A-Z]{3}$/.test(code))
      reasons.push(`a location of its Organization (${String(location?.name)}) is no Airport with an IATA code`);
    else if (!isPostalAddress(location.address)) reasons.push(`its station ${code} has no postal address`);
  }
  return reasons;
}

/** Breadcrumbs numbered from 1, each naming a page of the build. */
function findCrumbFaults(output: Output, node: Node): string[] {
  const items = Array.isArray(node.itemListElement) ? (node.itemListElement as Node[]) : [];
  const reasons = items.length === 0 ? ['its BreadcrumbList lists nothing'] : [];
  items.forEach((item, i) => {
    if (item.position !== i + 1 || typeof item.name !== 'string' || !item.name)
      reasons.push(`breadcrumb ${i + 1} has no position ${i + 1} or no name`);
    else if (typeof item.item !== 'string' || !isOutputPage(output, item.item))
      reasons.push(`breadcrumb ${i + 1} (${item.name}) names no page of the build`);
  });
  return reasons;
}

/** The `@id`s a node names: each `{ "@id": … }` among its values, at any depth. */
function toReferences(value: unknown, own = true): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => toReferences(v, false));
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Node;
  const self = !own && typeof node['@id'] === 'string' ? [node['@id']] : [];
  return [...self, ...Object.entries(node).flatMap(([key, v]) => (key === '@id' ? [] : toReferences(v, false)))];
}

/** The graph's faults: no `<base>/#organization`, an `@id` that is no node, a node not tied to the organization. */
export function findGraphFaults(base: string, nodes: readonly Node[]): string[] {
  const organizationId = `${base}/#organization`;
  const organization = nodes.find((n) => n['@id'] === organizationId);
  if (!organization) return [`no Organization has the \`@id\` ${organizationId}`];
  const reasons =
    organization.url === base ? [] : [`its Organization's url is ${String(organization.url)}, not ${base}`];
  const index = new Map(nodes.flatMap((n, i) => (typeof n['@id'] === 'string' ? [[n['@id'], i] as const] : [])));
  // Nodes joined by any reference, either way: the organization's group must hold them all.
  const group = nodes.map((_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i] as number)));
  nodes.forEach((node, i) => {
    for (const id of toReferences(node)) {
      const target = index.get(id);
      if (target === undefined) reasons.push(`its ${String(node['@type'])} names \`@id\` ${id}, no node of the page`);
      else group[find(i)] = find(target);
    }
  });
  const root = find(nodes.indexOf(organization));
  for (const [i, node] of nodes.entries())
    if (find(i) !== root) reasons.push(`its ${String(node['@type'])} is not tied to the organization by \`@id\``);
  return reasons;
}

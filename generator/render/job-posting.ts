import type { JobPosting, Place } from 'schema-dts';
import { toHtmlText } from '../escape.ts';
import type { JobFields } from '../types.ts';
import { toEndOfDay, toPageTimes } from '../resolve/times.ts';
import { toAirport, toOrganizationId } from './organization.ts';
import type { GraphInput } from './share-input.ts';

/** A position's JobPosting (behaviour.md: Sharing), from what the page shows. */
export function toJobPosting({ config, page, t, base, html }: GraphInput): JobPosting {
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

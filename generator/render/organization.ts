import type { ContactPoint, Organization, PostalAddress } from 'schema-dts';
import type { SiteConfig, SiteLocale, Translate } from '../types.ts';
import type { GraphInput } from './share-input.ts';

// The company in structured data (behaviour.md: Sharing): one entity, alike on every page.

export const toOrganizationId = (base: string) => `${base}/#organization`;

/** The other locales' brands that differ from this one's. */
export function toOtherBrands(config: SiteConfig, locale: SiteLocale): string[] {
  return [...new Set(config.locales.map((l) => l.siteTitle))].filter((name) => name !== locale.siteTitle);
}

/** The company in the page's language. */
export function toOrganization(input: GraphInput, locale: SiteLocale): Organization {
  const { config, t, base } = input;
  const contactPoint: ContactPoint[] = config.contacts.map((c) => ({
    '@type': 'ContactPoint',
    contactType: t(`common:contacts.${c.key}`),
    email: c.email,
    ...(c.phone ? { telephone: c.phone } : {}),
    ...(c.fax ? { faxNumber: c.fax } : {}),
    availableLanguage: config.locales.map((l) => l.iso),
  }));
  const organization = config.organization;
  return {
    '@type': 'Organization',
    '@id': toOrganizationId(base),
    name: locale.siteTitle,
    alternateName: toOtherBrands(config, locale),
    legalName: t('footer:company'),
    url: base,
    logo: `${base}${input.assets.icons?.large ?? '/logo.svg'}`,
    ...(organization ? { address: toHeadquarters(config, t) } : {}),
    contactPoint,
    ...(organization ? { location: organization.stations.map((s) => toAirport(config, t, s)) } : {}),
  };
}

function toHeadquarters(config: SiteConfig, t: Translate): PostalAddress {
  const organization = config.organization;
  return {
    '@type': 'PostalAddress',
    streetAddress: t('common:organization.streetAddress'),
    addressLocality: t('common:organization.locality'),
    addressRegion: t('common:organization.region'),
    ...(organization?.postalCode ? { postalCode: organization.postalCode } : {}),
    addressCountry: organization?.country ?? '',
  };
}

/** A station as an Airport: at the headquarters' address, or in its city. */
export function toAirport(
  config: SiteConfig,
  t: Translate,
  station: { readonly iataCode: string; readonly headquarters?: boolean },
): { '@type': 'Airport'; iataCode: string; name: string; address: PostalAddress } {
  const code = station.iataCode;
  const region = t(`common:airports.${code}.region`);
  return {
    '@type': 'Airport',
    iataCode: code,
    name: t(`common:airports.${code}.name`),
    address: station.headquarters
      ? toHeadquarters(config, t)
      : {
          '@type': 'PostalAddress',
          addressLocality: region,
          addressRegion: region,
          addressCountry: config.organization?.country ?? '',
        },
  };
}

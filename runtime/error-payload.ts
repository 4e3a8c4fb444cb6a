import type { Payload, SiteLocale } from '../generator/types.ts';
import { toDocumentTitle } from './titles.ts';

/** Shared by the build (static pages) and the browser. */
export interface ErrorPayloadInput
  extends
    Pick<Payload, 'buildId' | 'locale' | 'url' | 'locales' | 'nav' | 'contacts' | 'menus' | 'shared'>,
    Pick<SiteLocale, 'titleSeparator' | 'siteTitle' | 'ogLocale'> {
  readonly status: number;
  readonly statusMessage: string;
  readonly description: string;
  /** The path asked for (404) and where to try again (500). */
  readonly error?: { readonly path?: string; readonly retry?: string };
}

/** behaviour.md: Error pages. */
export function toErrorPayload(input: ErrorPayloadInput): Payload {
  const title = `${input.status} - ${input.statusMessage}`;
  return {
    buildId: input.buildId,
    url: input.url,
    path: input.url,
    name: `error-${input.status}___${input.locale}`,
    locale: input.locale,
    contentLocale: input.locale,
    template: 'error',
    layout: 'default',
    title,
    description: input.description,
    date: null,
    html: '',
    data: {},
    localeUrls: Object.fromEntries(input.locales.map((l) => [l.code, l.prefix || '/'])),
    locales: input.locales,
    nav: input.nav,
    contacts: input.contacts,
    sectionPages: [],
    listed: [],
    menus: input.menus,
    pagination: null,
    dates: {},
    error: { status: input.status, ...input.error },
    head: {
      title: toDocumentTitle(title, input),
      canonical: null,
      alternates: [],
      ogLocale: input.ogLocale,
      ogType: 'website',
    },
    shared: input.shared,
  };
}

import type {
  EmbeddedPayload,
  EmptyByDefault,
  PageHead,
  PagePayload,
  Payload,
  PayloadFile,
  SharedData,
} from '../generator/types.ts';

// Each byte of page data once (behaviour.md: Payloads): what a locale's pages share is one file;
// the embedded copy also leaves out the prose and head the page already shows.

/** The fetching page adds the build id back (prefetch.ts). */
export function toPayloadFile(payload: Payload): PayloadFile {
  return omit(payload, ['locales', 'nav', 'contacts', 'menus', 'buildId']);
}

/** Empty lists are left out too; `fromEmbedded` puts them back. */
export function toEmbeddedPayload(payload: Payload): EmbeddedPayload {
  const empty = (key: EmptyByDefault) => {
    const value = payload[key];
    return value === null || (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
  };
  return omit(toPayloadFile(payload), ['html', 'head', ...EMPTY_BY_DEFAULT.filter(empty)]);
}

const EMPTY_BY_DEFAULT: readonly EmptyByDefault[] = ['data', 'sectionPages', 'listed', 'pagination', 'dates'];

export function fromEmbedded(
  page: EmbeddedPayload,
  held: { readonly html: string; readonly head: PageHead; readonly buildId: string },
): PagePayload {
  return { data: {}, sectionPages: [], listed: [], pagination: null, dates: {}, ...page, ...held };
}

/** Built up, not copied then deleted from: an object that lost keys is slow to serialize. */
function omit<T extends object, K extends keyof T & string>(value: T, keys: readonly K[]): Omit<T, K> {
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => !(keys as readonly string[]).includes(key)),
  ) as Omit<T, K>;
}

export function withShared(page: PagePayload, shared: SharedData): Payload {
  return { ...page, locales: shared.locales, nav: shared.nav, contacts: shared.contacts, menus: shared.menus };
}

/** Marks the prose the runtime reads back instead of a second copy in the data. */
export const PROSE_ATTRIBUTE = 'data-prose';

import type {
  EmbeddedPayload,
  EmptyByDefault,
  PageHead,
  PagePayload,
  Payload,
  PayloadFile,
  SharedData,
} from '../generator/types.ts';

// Each byte of page data once (behaviour.md: Payloads): what every page of a locale shares (the
// locales, the navigation, the contact details, the section menus and the texts) is one file per
// locale; a page's own payload leaves it out, and the copy embedded in the page leaves out its
// prose and its head too, which the page already shows.

/**
 * The payload as a page's `_payload.json` holds it: without what its locale's pages share, and
 * without the build id, which the page that fetches it adds back (prefetch.ts).
 */
export function toPayloadFile(payload: Payload): PayloadFile {
  return omit(payload, ['locales', 'nav', 'contacts', 'menus', 'buildId']);
}

/**
 * The payload as the page embeds it: nor its prose, head and build id, which the server-rendered
 * page holds, nor the lists and texts it does not have (`fromEmbedded` puts them back).
 */
export function toEmbeddedPayload(payload: Payload): EmbeddedPayload {
  const empty = (key: EmptyByDefault) => {
    const value = payload[key];
    return value === null || (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
  };
  return omit(toPayloadFile(payload), ['html', 'head', ...EMPTY_BY_DEFAULT.filter(empty)]);
}

const EMPTY_BY_DEFAULT: readonly EmptyByDefault[] = ['data', 'sectionPages', 'listed', 'pagination', 'dates'];

/** A page's embedded data with what the page holds besides, as its `_payload.json` has it. */
export function fromEmbedded(
  page: EmbeddedPayload,
  held: { readonly html: string; readonly head: PageHead; readonly buildId: string },
): PagePayload {
  return { data: {}, sectionPages: [], listed: [], pagination: null, dates: {}, ...page, ...held };
}

/**
 * A copy without `keys`, in the same key order. Built up rather than copied and then deleted from:
 * an object that lost keys is slow to read and to serialize (a page's payload is serialized twice).
 */
function omit<T extends object, K extends keyof T & string>(value: T, keys: readonly K[]): Omit<T, K> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!(keys as readonly string[]).includes(key)) copy[key] = (value as Record<string, unknown>)[key];
  }
  return copy as Omit<T, K>;
}

/** A page's payload made whole again with its locale's shared data. */
export function withShared(page: PagePayload, shared: SharedData): Payload {
  return { ...page, locales: shared.locales, nav: shared.nav, contacts: shared.contacts, menus: shared.menus };
}

/**
 * Where the prose of a server-rendered page is (the `Prose` component marks it): the runtime reads
 * it back from there rather than from a second copy in the page's data.
 */
export const PROSE_ATTRIBUTE = 'data-prose';

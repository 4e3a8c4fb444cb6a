import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { NavItem, PageControls, Payload, Reuse, SiteSearch, Translate } from '../../../generator/types.ts';
import { COMPOUND, bindNumbers, hasHan, spaceNumbers, toRunClass, toScriptRuns, toTiedEnd } from './mixed-script.ts';

/** The page's payload and its locale's translator, for every component below the app shell. */
export interface Site {
  readonly payload: Payload;
  readonly t: Translate;
  /** The site's search: in the browser only, null while rendering on the server. */
  readonly search: SiteSearch | null;
  /** Where a short text may end a line, between Chinese words (Phrases); null: anywhere it would. */
  readonly breaks: (text: string, tieEnd?: boolean) => readonly number[] | null;
  /** In the browser: where the server tied a running text's end, read from the page; null on the server. */
  readonly ties: ((text: string) => number | null) | null;
  /** On the server: markup rendered once for every page that shares it (`Reused`); null in the browser. */
  readonly reuse: Reuse | null;
  /**
   * In the browser: the controls as they worked before the page was hydrated, which the header
   * takes over (behaviour.md: Controls before hydration); null on the server.
   */
  readonly controls: PageControls | null;
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs the App shell above it');
  return site;
}

/** The `lang` attribute value of a locale code. */
export function useIso(code: string): string {
  const { payload } = useSite();
  return payload.locales.find((l) => l.code === code)?.iso ?? code;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Each date as written, by locale, then date: a list of articles writes the same dates on many pages. */
const formattedDates: Record<string, Map<string, string>> = {};

// The zone the company's times are given in (a tender's closing hour): Taiwan, where it works.
const COMPANY_TIME_ZONE = 'Asia/Taipei';

/**
 * The one way a date is written on the site (behaviour.md: Dates and numbers): `Intl.DateTimeFormat`
 * in the locale's own style, `2025 年 3 月 18 日` and `March 18, 2025`. A day (`2025-03-18`) is read in
 * UTC so server and browser agree; a day and time (`2026-12-11T17:00`) is Taiwan time and is written
 * with its hour.
 */
export function formatDate(date: string, iso: string): string {
  const written = (formattedDates[iso] ??= new Map());
  const known = written.get(date);
  if (known !== undefined) return known;
  const timed = date.includes('T');
  const id = `${iso}|${timed}`;
  let format = dateFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(iso, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(timed ? { hour: 'numeric', minute: '2-digit', timeZone: COMPANY_TIME_ZONE } : { timeZone: 'UTC' }),
    });
    dateFormats.set(id, format);
  }
  const formatted = format.format(new Date(timed ? `${date}:00+08:00` : `${date}T00:00:00Z`));
  // Chinese: a space between each number and the Chinese beside it (docs/glossary.md: Dates).
  const text = iso.startsWith('zh') ? spaceNumbers(formatted) : formatted;
  written.set(date, text);
  return text;
}

/**
 * Dates as the page's locale writes them: `useDate()('2025-03-18')`. A page comes with the dates
 * its server render showed (`dates`, read from its `<time>` elements), and the browser takes them
 * from there: it makes a date formatter only for a date the page did not come with.
 */
export function useDate(): (date: string) => string {
  const { payload } = useSite();
  const iso = useIso(payload.locale);
  return (date) => payload.dates?.[date] ?? formatDate(date, iso);
}

/** The browser's language names, made once for each language they are written in. */
const languageNames = new Map<string, Intl.DisplayNames>();

/** A language's name in another language: `en-US` in `zh-Hant` is 英文, in `en-US` English. */
export function formatLanguageName(iso: string, inIso: string): string {
  const language = iso.split('-')[0] ?? iso;
  let names = languageNames.get(inIso);
  if (!names) {
    names = new Intl.DisplayNames([inIso], { type: 'language' });
    languageNames.set(inIso, names);
  }
  return names.of(language) ?? iso;
}

/**
 * The year the site was built, read from the build id, whose first part is the build's time in
 * milliseconds, base 36 (generator/build-id.ts): the server and the browser read the same year.
 */
export function toBuildYear(buildId: string): number {
  const time = parseInt(buildId.split('-')[0] ?? '', 36);
  const year = new Date(Number.isFinite(time) ? time : 0).getUTCFullYear();
  // An id of another form (a hand-made payload): the current year.
  return year >= 2000 ? year : new Date().getUTCFullYear();
}

/** A route path as a URL of the page's locale: `/contact` → `/en/contact`, `/` → `/en`. */
export function useLocalUrl(): (routePath: string) => string {
  const { payload } = useSite();
  const prefix = payload.locales.find((l) => l.code === payload.locale)?.prefix ?? '';
  return (routePath) => (routePath === '/' ? prefix || '/' : `${prefix}${routePath}`);
}

/** A paragraph of one link onward (`→`), to a page of the site in the page's locale; none without an address. */
export function MoreLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const toUrl = useLocalUrl();
  if (!href) return null;
  return (
    <p>
      <a className="more-link" href={toUrl(href)}>
        {children}
      </a>
    </p>
  );
}

/** The section a path is in: its first segment (`/services/service-ramp` → `services`; `/` → ``). */
export function toSectionOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/**
 * Which entries of a navigation are marked, as a reused part's id names them: `p` the current page,
 * `s` its section (`,s,p` for three entries, the second and third marked).
 */
export function toMarks(items: readonly { readonly here: boolean; readonly inSection: boolean }[]): string {
  return items.map(({ here, inSection }) => `${here ? 'p' : ''}${inSection ? 's' : ''}`).join(',');
}

/** Whether a main-navigation entry is the section of the page at `path` (the rail, the header, the drawer). */
export function isInSection(item: NavItem, path: string): boolean {
  return (item.section ?? toSectionOf(item.path)) === toSectionOf(path);
}

/** English text with each word joined by hyphens in a `.nowrap`; `at`: its offset in the whole text, for keys. */
function keepCompounds(text: string, at = 0): ReactNode[] {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const m of text.matchAll(COMPOUND)) {
    parts.push(
      text.slice(from, m.index),
      <span key={`w${at + m.index}`} className="nowrap">
        {m[0]}
      </span>,
    );
    from = m.index + m[0].length;
  }
  parts.push(text.slice(from));
  return parts;
}

/**
 * A short text (a heading, a card's title, a label) that breaks between Chinese words only, not
 * inside one: `<wbr>` marks where a line may end, and the `.ph` rule lets Chinese text break
 * nowhere else (at spaces and after punctuation still). Its codes stay on one line (`CW-PCA90`,
 * `ISO 45001`), a number keeps its Chinese unit (`6 公噸`), and among Chinese its Latin runs drop
 * the Chinese letter spacing (`.latin`; docs/glossary.md: Chinese and Latin in one text). In
 * English a word joined by hyphens stays on one line too (`pre-conditioned`). Text with none of
 * these is returned as it is. `running`: a text of sentences (a description, a note), whose
 * Chinese breaks between any two characters as the browser places them (behaviour.md: Presentation).
 */
export function Phrases({ text: written, running = false }: { text: string; running?: boolean }): ReactNode {
  const inChinese = hasHan(written);
  // A number keeps its unit (`2027 年`); the breaks are those of the text as shown, which the
  // browser reads back from the markup before it hydrates.
  const text = inChinese ? bindNumbers(written) : written;
  const site = useSite();
  const found = site.breaks(text, !running);
  // Running text (a card's description, a note, a paragraph) breaks as Chinese does, between any
  // two characters but before a closing mark: kept to words, its lines came out ragged.
  const breaks = running ? null : found;
  const runs = toScriptRuns(text);
  if (!inChinese && runs.length === 1 && runs[0]?.kind === 'text')
    return text.includes('-') ? keepCompounds(text) : text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const run of runs) {
    const end = at + run.text.length;
    const className = toRunClass(run, inChinese);
    // A break inside a Latin run or a code is not a break between Chinese words: none is marked there.
    const inside = (breaks ?? []).filter((index) => index > at && index < end);
    if (className)
      parts.push(
        <span key={`r${at}`} className={className}>
          {run.text}
        </span>,
      );
    else {
      let from = at;
      for (const index of inside) {
        parts.push(text.slice(from, index), <wbr key={index} />);
        from = index;
      }
      parts.push(...(inChinese ? [text.slice(from, end)] : keepCompounds(text.slice(from, end), from)));
    }
    if (breaks?.includes(end) && end < text.length) parts.push(<wbr key={end} />);
    at = end;
  }
  if (running) return inChinese ? withTiedEnd(parts, site.ties?.(text) ?? null, found, text.length) : parts;
  // Chinese text is a `.ph` even with no place to break: its one word stays whole (營運控制中心).
  return inChinese ? <span className="ph">{parts}</span> : parts;
}

/**
 * Running Chinese whose last characters share one line, from the start of their word
 * (mixed-script.ts, toTiedEnd): where the server tied it (`shown`, in the browser), else found
 * from the whole text's word `breaks` (of `length` characters).
 */
function withTiedEnd(
  parts: ReactNode[],
  shown: number | null,
  breaks: readonly number[] | null,
  length: number,
): ReactNode[] {
  const last = parts.at(-1);
  const offset = typeof last === 'string' ? length - last.length : 0;
  const own = breaks?.filter((index) => index > offset).map((index) => index - offset) ?? null;
  const tied = shown !== null && shown > offset ? shown - offset : null;
  const at = typeof last !== 'string' ? -1 : (tied ?? toTiedEnd(last, own));
  if (typeof last !== 'string' || at < 0) return parts;
  return [
    ...parts.slice(0, -1),
    last.slice(0, at),
    <span key="end" className="nowrap">
      {last.slice(at)}
    </span>,
  ];
}

/**
 * A part of the page that is the same on many pages, such as a locale's footer: the build renders
 * it once per `id` and gives every page with that id the same markup (behaviour.md: Presentation).
 * `id` must name everything the part shows (its locale, the marks of the current section…);
 * `render` returns one HTML element and calls no hooks. The browser renders it as it is. A hook,
 * called last by the component it renders: an error in it points at that component's line.
 */
export function useReused(id: string, render: () => ReactElement): ReactElement {
  const site = useSite();
  return site.reuse
    ? site.reuse(id, render, (children) => <SiteContext.Provider value={site}>{children}</SiteContext.Provider>)
    : render();
}

/**
 * A photo of site/public as the build made it (behaviour.md: Images): a `<picture>` of AVIF, WebP
 * and the source's format at the widths the page column needs, with its size, so nothing moves
 * when it loads. It finds the files of the photos the page's front matter names (`image:`), as the
 * Markdown body's photos are written; any other image (an SVG, a photo no field names) is a plain
 * `<img>`. `priority` for a photo at the top of the page: it loads at once and first; the others
 * load when they near the screen.
 */
export function Image({
  src,
  alt,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  priority?: boolean;
  className?: string;
}): ReactElement {
  const info = useSite().payload.images?.[src];
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  if (!info) return <img src={src} alt={alt} className={className} {...loading} />;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={info.avif} sizes={info.sizes} />
      <source type="image/webp" srcSet={info.webp} sizes={info.sizes} />
      <img
        src={info.fallback.src}
        srcSet={info.fallback.srcset}
        sizes={info.sizes}
        width={info.width}
        height={info.height}
        alt={alt}
        {...loading}
      />
    </picture>
  );
}

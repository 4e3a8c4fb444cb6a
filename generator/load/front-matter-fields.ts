import { isMap, isScalar, isSeq } from 'yaml';
import { toNearestName } from '../schema/issues.ts';
import { toProblem } from '../problems/problem.ts';
import { OLD_ADDRESS_RULE, isOldAddress } from '../schema/redirects.ts';
import { TEXT_LIMITS } from './limits.ts';
import { checkCalloutFields, type Fail } from './callout-fields.ts';
import { checkJobField } from './job-field.ts';
import type { FieldAddress, FrontMatter, LocaleCode, SiteConfig, SiteProblem, SourceLoc } from '../types.ts';

const KNOWN_KEYS = [
  ...['title', 'description', 'template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit', 'inOverview'],
  ...['draft', 'publishDate', 'expiryDate', 'noindex', 'updated'],
  'aliases',
];

// Link targets and image sources (behaviour.md: Safety): `image`, `mapImage`, `href`, `ctaUrl`…
const URL_KEY = /^(?:image|href|url|src|link)$|[a-z0-9](?:Image|Url|Href|Link|Src)$/;
// `link` may be a label (`sections.*.link`): checked only when a browser would read it as an address.
const LABEL_KEY = /^link$|Link$/;
const URL_HINT =
  'URL fields (`image`, `href`, `url`, `src`, `link` and names ending in `Image`, `Url`, `Href`, `Link` or `Src`) ' +
  'become link targets and image sources: write a path of this site that starts with one `/`, or a full ' +
  '`https://` address. Other schemes, such as `javascript:` and `data:`, are refused.';

/** Every URL field at any depth (`cards[2].link`): problems of refused ones, site paths of the rest. */
export function findUrlFields(
  contents: unknown,
  at: (offset: number) => SourceLoc,
): { problems: SiteProblem[]; addresses: FieldAddress[] } {
  const problems: SiteProblem[] = [];
  const addresses: FieldAddress[] = [];
  const visit = (node: unknown, prefix: string): void => {
    if (isSeq(node)) node.items.forEach((item, i) => visit(item, `${prefix}[${i}]`));
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const field = prefix ? `${prefix}.${key}` : key;
      if (URL_KEY.test(key)) {
        const values = toUrlValues(pair.value, field, at(pair.key.range?.[0] ?? 0), at);
        checkUrlValues(values, LABEL_KEY.test(key), problems, addresses);
      }
      visit(pair.value, field);
    }
  };
  visit(contents, '');
  return { problems, addresses };
}

function toUrlValues(
  value: unknown,
  field: string,
  keyLoc: SourceLoc,
  at: (offset: number) => SourceLoc,
): [string, SourceLoc, unknown][] {
  if (isScalar(value)) return [[field, keyLoc, value.value]];
  if (!isSeq(value)) return [];
  return value.items.flatMap((item, i) =>
    isScalar(item) ? [[`${field}[${i}]`, at(item.range?.[0] ?? 0), item.value] as [string, SourceLoc, unknown]] : [],
  );
}

function checkUrlValues(
  values: [string, SourceLoc, unknown][],
  label: boolean,
  problems: SiteProblem[],
  addresses: FieldAddress[],
): void {
  for (const [name, loc, v] of values) {
    if (typeof v !== 'string') continue;
    const reason = toUrlFault(v, label);
    if (reason) problems.push(toProblem('FRONT_MATTER_INVALID', { field: name, reason, hint: URL_HINT }, loc));
    else if (v.startsWith('/')) addresses.push({ field: name, value: v, loc });
  }
}

// Browsers drop some control characters while reading an address, which hides what it is.
const CONTROLS = /\p{Cc}/gu;

/** Why a URL field's value is refused, or undefined when it is a root-relative path or an http(s) URL. */
function toUrlFault(value: string, label: boolean): string | undefined {
  const controls = value.search(CONTROLS) >= 0;
  if (label && !controls && !isReadAsAddress(value.trim())) return undefined;
  const shown = `\`${toShownValue(value)}\``;
  if (value === '') return 'is empty: it must be a root-relative path such as `/images/hero.svg` or an http(s) URL';
  if (controls) return `holds a control character: ${shown}`;
  if (value.includes('\\')) return `holds a backslash, which browsers read as \`/\`: ${shown}`;
  if (value.startsWith('//')) return `is protocol-relative, so it would load from another host: ${shown}`;
  if (value.startsWith('/')) return undefined;
  if (/^https?:\/\/[^/?#]/i.test(value) && URL.canParse(value)) return undefined;
  return `must be a root-relative path such as \`/images/hero.svg\` or an http(s) URL, not ${shown}`;
}

/** A scheme or a leading slash: a browser reads it as an address. */
function isReadAsAddress(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/\\]/.test(value);
}

function toShownValue(value: string): string {
  const escaped = value.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > 80 ? `${escaped.slice(0, 80)}…` : escaped;
}

/** A page that names no template or layout has these (behaviour.md: Routes). */
export const DEFAULT_TEMPLATE = 'page';
export const DEFAULT_LAYOUT = 'default';

export function validateFrontMatter(
  file: string,
  raw: Record<string, unknown>,
  keyLines: Record<string, number>,
  config: SiteConfig,
): { data: FrontMatter | null; problems: SiteProblem[] } {
  const problems: SiteProblem[] = [];
  const fail: Fail = (field, reason, hint) => {
    const loc = { file, line: keyLines[field] ?? 1, column: 1 };
    problems.push(toProblem('FRONT_MATTER_INVALID', { field, reason, hint }, loc));
  };
  const title = toTextField(raw, 'title', fail);
  const description = toTextField(raw, 'description', fail);
  const template = toNameField(raw, 'template', DEFAULT_TEMPLATE, fail);
  const layout = toNameField(raw, 'layout', DEFAULT_LAYOUT, fail);
  const settings = toSettings(raw, config, fail);
  const publishing = toPublishing(raw, fail);
  const aliases = toAliases(raw.aliases, fail);
  checkContactField(raw.contact, config, fail);
  checkVideoField(raw.video, fail);
  checkJobField(raw, config, fail);
  checkCalloutFields(raw, fail);
  if (problems.length > 0) return { data: null, problems };
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !KNOWN_KEYS.includes(k)));
  return {
    data: { title, description, template, layout, ...settings, ...publishing, aliases, extra },
    problems: findTypos(file, extra, keyLines),
  };
}

// The id goes into the player's URL.
const VIDEO_IDS: Readonly<Record<string, RegExp>> = { youtube: /^[A-Za-z0-9_-]{11}$/, vimeo: /^\d{1,12}$/ };
const VIDEO_HINT =
  'Write `video: { provider: youtube, id: dQw4w9WgXcQ, title: "…" }`: the id as it stands in the video\'s address (Vimeo: its number).';

/** `video: { provider, id, title }`: a click-to-load player (behaviour.md: Video embeds). */
function checkVideoField(video: unknown, fail: Fail): void {
  if (video === undefined) return;
  if (typeof video !== 'object' || video === null || Array.isArray(video)) {
    fail('video', 'must be a mapping with provider, id and title', VIDEO_HINT);
    return;
  }
  const { provider, id, title } = video as Record<string, unknown>;
  const pattern = typeof provider === 'string' ? VIDEO_IDS[provider] : undefined;
  if (!pattern || !Object.hasOwn(VIDEO_IDS, provider as string))
    fail('video', '`provider` must be `youtube` or `vimeo`', VIDEO_HINT);
  else if (typeof id !== 'string' && typeof id !== 'number') fail('video', '`id` is missing', VIDEO_HINT);
  else if (!pattern.test(String(id)))
    fail('video', `\`${String(id)}\` is not a ${String(provider)} video id`, VIDEO_HINT);
  if (typeof title !== 'string' || title.trim() === '')
    fail('video', '`title` must name the video (the player and its poster are labelled with it)', VIDEO_HINT);
}

/** A key a letter or two from a setting (`templete`): that setting would silently keep its default. */
function findTypos(file: string, extra: Record<string, unknown>, keyLines: Record<string, number>): SiteProblem[] {
  const settings = [...KNOWN_KEYS, 'contact', 'job'];
  return Object.keys(extra).flatMap((key) => {
    const setting = key === 'contact' || key === 'job' ? undefined : toNearestName(key, settings);
    if (setting === undefined) return [];
    return [toProblem('FRONT_MATTER_TYPO', { key, setting }, { file, line: keyLines[key] ?? 1, column: 1 })];
  });
}

/** `aliases: [/about/old-awards]`: the page's old addresses in this locale (behaviour.md: Moved and removed pages). */
function toAliases(value: unknown, fail: Fail): string[] {
  if (value === undefined || value === null) return [];
  const hint =
    'List the addresses the page answered at before, as a visitor typed them: `aliases: [/about/old-awards]` (in an English file `/en/about/old-awards`).';
  if (!Array.isArray(value)) {
    fail('aliases', 'must be a list of old addresses', hint);
    return [];
  }
  value.forEach((item: unknown, i) => {
    if (!isOldAddress(item)) fail(`aliases[${i}]`, `must be ${OLD_ADDRESS_RULE}, not \`${String(item)}\``, hint);
  });
  return value.filter(isOldAddress);
}

/** `contact: recruit` ends the page with that department's contact block (behaviour.md: Contact details). */
function checkContactField(value: unknown, config: SiteConfig, fail: Fail): void {
  const keys = config.contacts.map((c) => c.key);
  if (value === undefined || (typeof value === 'string' && keys.includes(value))) return;
  fail(
    'contact',
    `must name a department of \`contacts\` in site/site.config.ts (${keys.join(', ') || 'none configured'})`,
    'Write `contact: <key>` with the key of the department whose e-mail address and telephone number the page ends with.',
  );
}

function toTextField(raw: Record<string, unknown>, field: keyof typeof TEXT_LIMITS, fail: Fail): string {
  const v = raw[field];
  if (typeof v !== 'string' || v.trim() === '') {
    fail(
      field,
      v === undefined ? 'is missing' : 'must be a non-empty text',
      `Add \`${field}: …\` to the front matter.`,
    );
    return '';
  }
  const text = v.trim();
  const [length, shown] = [[...text].length, (n: number) => n.toLocaleString('en-US')];
  if (length > TEXT_LIMITS[field]) {
    const hint = `Shorten it: the ${field} is shown whole in a tab, a menu, a share card or a search result. Say the rest in the page's body.`;
    fail(field, `is ${shown(length)} characters long, over the limit of ${shown(TEXT_LIMITS[field])}`, hint);
  }
  return text;
}

function toNameField(raw: Record<string, unknown>, field: string, fallback: string, fail: Fail): string {
  const v = raw[field] ?? fallback;
  if (typeof v !== 'string' || !/^[a-z][a-z0-9-]*$/.test(v)) fail(field, 'must be a lower-case name such as `service`');
  return String(v);
}

function toSettings(
  raw: Record<string, unknown>,
  config: SiteConfig,
  fail: Fail,
): Pick<FrontMatter, 'order' | 'date' | 'updated' | 'locales' | 'list' | 'listLimit' | 'inOverview'> {
  const order = raw.order ?? 0;
  if (typeof order !== 'number' || !Number.isFinite(order)) fail('order', 'must be a number');
  const [date, updated] = toDates(raw, fail);
  const locales = raw.locales ?? null;
  const codes = config.locales.map((l) => l.code);
  if (locales !== null && (!Array.isArray(locales) || locales.length === 0 || locales.some((l) => !codes.includes(l))))
    fail('locales', `must list the locales that have this page, from: ${codes.join(', ')}`);
  const list = raw.list ?? null;
  if (list !== null && list !== 'section' && list !== 'articles')
    fail('list', "must be `section` (the section's other pages) or `articles` (the news, newest first)");
  const listLimit = raw.listLimit ?? null;
  if (listLimit !== null && (typeof listLimit !== 'number' || !Number.isInteger(listLimit) || listLimit < 1))
    fail('listLimit', 'must be a positive whole number');
  const inOverview = raw.inOverview ?? true;
  if (typeof inOverview !== 'boolean') fail('inOverview', 'must be `true` or `false`');
  return {
    order: order as number,
    date,
    updated,
    locales: locales as LocaleCode[] | null,
    list: list as FrontMatter['list'],
    listLimit: listLimit as number | null,
    inOverview: inOverview as boolean,
  };
}

/** Whether and when the page is published, and whether search engines may index it (behaviour.md: Publishing). */
function toPublishing(
  raw: Record<string, unknown>,
  fail: Fail,
): Pick<FrontMatter, 'draft' | 'publishDate' | 'expiryDate' | 'noindex'> {
  const flag = (field: 'draft' | 'noindex'): boolean => {
    const value = raw[field] ?? false;
    if (typeof value !== 'boolean')
      fail(field, 'must be `true` or `false`', `Write \`${field}: true\`, or remove the line.`);
    return value === true;
  };
  const day = (field: 'publishDate' | 'expiryDate'): string | null => {
    const value = toDate(raw[field]);
    if (value === undefined) fail(field, toDateFault(raw[field]), `Write the day as \`${field}: 2025-03-18\`.`);
    return value ?? null;
  };
  const [draft, noindex] = [flag('draft'), flag('noindex')];
  const [publishDate, expiryDate] = [day('publishDate'), day('expiryDate')];
  const from = publishDate ?? toDate(raw.date, { time: true })?.slice(0, 10) ?? null;
  if (expiryDate !== null && from !== null && expiryDate < from)
    fail('expiryDate', `is before the day the page goes live (${from}): it would never be published`);
  return { draft, noindex, publishDate, expiryDate };
}

/** `date` and `updated` (behaviour.md: Sharing): a day, or a day and time (`2024-03-12T09:00`). */
function toDates(raw: Record<string, unknown>, fail: Fail): [string | null, string | null] {
  const [date, updated] = (['date', 'updated'] as const).map((field) => {
    const value = toDate(raw[field], { time: true });
    if (value === undefined) {
      const hint = `Write the day as \`${field}: 2025-03-18\` (a four-digit year, a two-digit month and day), or with the time of day in the site's time zone as \`${field}: 2025-03-18T09:30\`.`;
      fail(field, toDateFault(raw[field], true), hint);
    }
    return value ?? null;
  }) as [string | null, string | null];
  if (date !== null && updated !== null && updated < date)
    fail('updated', `is before the page's date (${date}): a page is updated after it is published`);
  return [date, updated];
}

// A day, and (where allowed) a time of day to the minute: `2024-03-12`, `2024-03-12T09:00`.
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d))?$/;

/** A real calendar day, YYYY-MM-DD, with `THH:MM` where `time` allows; undefined when invalid. */
function toDate(v: unknown, { time = false } = {}): string | null | undefined {
  if (v === undefined || v === null) return null;
  const match = typeof v === 'string' ? DAY_TIME.exec(v) : null;
  if (!match || (match[4] !== undefined && !time)) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? (v as string) : undefined;
}

function toDateFault(v: unknown, time = false): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && DAY_TIME.test(v) && (time || !v.includes('T')))
    return `must be a real calendar day; \`${v.slice(0, 10)}\` does not exist`;
  const shown =
    typeof v === 'string'
      ? `\`${toShownValue(v)}\``
      : Array.isArray(v)
        ? 'a list'
        : typeof v === 'object'
          ? 'a mapping'
          : `\`${String(v)}\``;
  return `must be a date written ${time ? 'YYYY-MM-DD or YYYY-MM-DDTHH:MM' : 'YYYY-MM-DD'}, not ${shown}`;
}

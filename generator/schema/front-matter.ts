import { z } from 'zod';
import { says, text, whole } from './issues.ts';
import { OLD_ADDRESS_RULE, isOldAddress } from './redirects.ts';

// What a page's front matter may set (README: Content and translations), each setting with its rule
// and its default; `FrontMatter` is inferred from it. A field YAML leaves empty (`order:`) is absent.

/** A page that names no template or layout has these (behaviour.md: Routes). */
export const DEFAULT_TEMPLATE = 'page';
export const DEFAULT_LAYOUT = 'default';

/** What the configuration gives the rules: the locales' codes, the contacts' keys, the stations. */
export interface PageContext {
  readonly locales: readonly string[];
  readonly contacts: readonly string[];
  readonly stations: readonly string[];
}

/** `value`, or `fallback` when the field is absent or empty. */
function or<T extends z.ZodType, F>(schema: T, fallback: F) {
  return schema.nullish().transform((value) => value ?? fallback);
}

/** `title` and `description`: required, trimmed, and `limit` characters at most, so each is shown whole where a line or two fits. */
function pageText(field: 'title' | 'description', limit: number) {
  const add = `Add \`${field}: …\` to the front matter.`;
  const shorten = `Shorten it: the ${field} is shown whole in a tab, a menu, a share card or a search result. Say the rest in the page's body.`;
  const shown = (n: number) => n.toLocaleString('en-US');
  return z
    .string({ error: (issue) => says(issue.input === undefined ? 'is missing' : 'must be a non-empty text', add) })
    .trim()
    .refine((value) => value !== '', { error: says('must be a non-empty text', add) })
    .refine((value) => [...value].length <= limit, {
      error: (issue) =>
        says(
          `is ${shown([...String(issue.input)].length)} characters long, over the limit of ${shown(limit)}`,
          shorten,
        ),
    });
}

// A day, and (where allowed) a time of day to the minute: `2024-03-12`, `2024-03-12T09:00`.
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d))?$/;

/** A real calendar day, YYYY-MM-DD, with `THH:MM` where `time` allows. */
function isDay(v: unknown, time = false): v is string {
  const match = typeof v === 'string' ? DAY_TIME.exec(v) : null;
  if (!match || (match[4] !== undefined && !time)) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toDateFault(v: unknown, time: boolean): string {
  if (typeof v === 'string' && DAY_TIME.test(v) && (time || !v.includes('T')))
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

// Browsers drop some control characters while reading an address, which hides what it is.
export const CONTROLS = /\p{Cc}/gu;

/** A value as a problem shows it: control characters escaped, at most 80 characters. */
export function toShownValue(value: string): string {
  const escaped = value.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > 80 ? `${escaped.slice(0, 80)}…` : escaped;
}

/** `date` and `updated` take a time of day (behaviour.md: Sharing); the days that publish a page do not. */
function day(field: string, time: boolean) {
  const hint = time
    ? `Write the day as \`${field}: 2025-03-18\` (a four-digit year, a two-digit month and day), or with the time of day in the site's time zone as \`${field}: 2025-03-18T09:30\`.`
    : `Write the day as \`${field}: 2025-03-18\`.`;
  const error = (issue: { input?: unknown }) => says(toDateFault(issue.input, time), hint);
  return or(
    z.custom<string>((v) => isDay(v, time), { error, abort: false }),
    null,
  );
}

/** `true` or `false`, `fallback` when absent. */
const flag = (fallback: boolean, hint?: string) =>
  or(z.boolean({ error: says('must be `true` or `false`', hint) }), fallback);
/** `draft` and `noindex` (behaviour.md: Publishing). */
const publishing = (field: string) => flag(false, `Write \`${field}: true\`, or remove the line.`);

const ALIAS_HINT =
  'List the addresses the page answered at before, as a visitor typed them: `aliases: [/about/old-awards]` (in an English file `/en/about/old-awards`).';

/** `aliases: [/about/old-awards]`: the page's old addresses in this locale (behaviour.md: Moved and removed pages). */
const ALIASES = or(
  z.array(
    z.custom<string>(isOldAddress, {
      error: (issue) => says(`must be ${OLD_ADDRESS_RULE}, not \`${String(issue.input)}\``, ALIAS_HINT),
      abort: false,
    }),
    { error: says('must be a list of old addresses', ALIAS_HINT) },
  ),
  [] as string[],
);

/** The settings of a page of a site with these locales; the rest of its fields are the template's. */
function toSettings(locales: readonly string[]) {
  const name = (fallback: string) =>
    or(text(/^[a-z][a-z0-9-]*$/, 'must be a lower-case name such as `service`'), fallback);
  const listed = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((code) => locales.includes(code));
  return {
    title: pageText('title', 200),
    description: pageText('description', 1000),
    template: name(DEFAULT_TEMPLATE),
    layout: name(DEFAULT_LAYOUT),
    order: or(z.number({ error: 'must be a number' }), 0),
    /** An article's day (`2024-03-12`), or day and time in the site's time zone (`2024-03-12T09:00`). */
    date: day('date', true),
    /** When this language's text last changed in substance, written as `date` is (behaviour.md: Sharing). */
    updated: day('updated', true),
    /** Single-language pages: the locales that have content. */
    locales: or(
      z.custom<string[]>(listed, {
        error: `must list the locales that have this page, from: ${locales.join(', ')}`,
        abort: false,
      }),
      null,
    ),
    /** Pages the template lists: the section's other pages, or the news articles, newest first. */
    list: or(
      z.enum(['section', 'articles'], {
        error: "must be `section` (the section's other pages) or `articles` (the news, newest first)",
      }),
      null,
    ),
    listLimit: or(whole('must be a positive whole number'), null),
    /** False: not among its overview's cards, still in the section's navigation. */
    inOverview: flag(true),
    draft: publishing('draft'),
    /** The day the page goes live, when not its `date`. */
    publishDate: day('publishDate', false),
    expiryDate: day('expiryDate', false),
    /** Not in search engines, the sitemap or the search. */
    noindex: publishing('noindex'),
    aliases: ALIASES,
  };
}

/** The page settings' names: a field of another name is passed to the template as it is. */
export const PAGE_SETTINGS = Object.keys(toSettings([]));

/** Settings a page's front matter may carry. Locale-neutral ones must agree across locales. */
export type FrontMatter = z.output<z.ZodObject<ReturnType<typeof toSettings>>> & {
  /** The fields that are not settings, for the templates. */
  extra: Record<string, unknown>;
};

/** The front matter's rules for a page of this site: its settings, its contact and its position. */
export function toFrontMatterSchema(site: PageContext) {
  const settings = toSettings(site.locales);
  const keys = site.contacts.join(', ') || 'none configured';
  /** `contact: recruit` ends the page with that department's contact block (behaviour.md: Contact details). */
  const contact = z.custom<string>((v) => typeof v === 'string' && site.contacts.includes(v), {
    error: says(
      `must name a department of \`contacts\` in site/site.config.ts (${keys})`,
      'Write `contact: <key>` with the key of the department whose e-mail address and telephone number the page ends with.',
    ),
    abort: false,
  });
  return z
    .object({ ...settings, contact: contact.optional(), job: toJobSchema(site.stations).optional() })
    .superRefine(checkDays, { when: () => true })
    .transform((data) => {
      const picked = PAGE_SETTINGS.map((key) => [key, data[key as keyof typeof data]]);
      return Object.fromEntries(picked) as Omit<FrontMatter, 'extra'>;
    });
}

/** The days against each other: a page is updated after its date, goes out after it goes live, takes applications after it is posted. */
function checkDays(page: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const fault = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  const date = isDay(page.date, true) ? page.date : null;
  if (date !== null && isDay(page.updated, true) && page.updated < date)
    fault('updated', `is before the page's date (${date}): a page is updated after it is published`);
  const from = isDay(page.publishDate) ? page.publishDate : date?.slice(0, 10);
  if (isDay(page.expiryDate) && from !== undefined && page.expiryDate < from)
    fault('expiryDate', `is before the day the page goes live (${from}): it would never be published`);
  const job = page.job as Record<string, unknown> | undefined;
  if (typeof job !== 'object' || job === null || Array.isArray(job)) return;
  const posted = typeof page.date === 'string' ? page.date.slice(0, 10) : null;
  const last = typeof job.validThrough === 'string' && isLastDay(job.validThrough) ? job.validThrough : null;
  if (posted === null) fault('job', says("needs the page's `date`: the day the position was posted", JOB_HINT));
  else if (last !== null && last < posted)
    fault('job', `\`validThrough\` (${last}) is before the page's date (${posted})`);
}

// A position's `job` (behaviour.md: Sharing): what its page shows and its JobPosting says.

/** Google's kinds of employment (JobPosting's `employmentType`). */
const EMPLOYMENT_TYPES = [
  ...['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY'],
  ...['INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'],
] as const;
const SALARY_PERIODS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;

const JOB_HINT =
  "Write `job: { employmentType: FULL_TIME, stations: [TPE], salary: { currency: TWD, min: 36000, max: 42000, per: MONTH }, validThrough: 2026-12-31 }`, and the day the position was posted as the page's `date`.";
const AMOUNTS = says('`salary.min` and `salary.max` must be whole amounts, the lower first', JOB_HINT);

const isLastDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day));
const amount = () => z.number({ error: AMOUNTS }).refine((n) => Number.isInteger(n) && n > 0, { error: AMOUNTS });

const SALARY = z
  .object({
    currency: text(/^[A-Z]{3}$/, '`salary.currency` must be a currency code such as `TWD`', JOB_HINT),
    min: amount(),
    max: amount(),
    per: z.enum(SALARY_PERIODS, {
      error: says(`\`salary.per\` must be one of ${SALARY_PERIODS.join(', ')}`, JOB_HINT),
    }),
  })
  .refine(({ min, max }) => !(min > max), { error: AMOUNTS, when: () => true });

/** A position's facts; each fault is the field `job`'s. */
function toJobSchema(stations: readonly string[]) {
  const known = stations.join(', ') || 'none configured';
  const listed = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((code) => stations.includes(code));
  return z.looseObject(
    {
      employmentType: z.enum(EMPLOYMENT_TYPES, {
        error: says(`\`employmentType\` must be one of ${EMPLOYMENT_TYPES.join(', ')}`, JOB_HINT),
      }),
      stations: z.custom<string[]>(listed, {
        error: says(
          `\`stations\` must list the airports of the position by IATA code, from \`organization.stations\` in site/site.config.ts (${known})`,
          JOB_HINT,
        ),
        abort: false,
      }),
      // Whatever else it is, each of its fields is missing.
      salary: z.preprocess((v) => (typeof v === 'object' && v !== null ? v : {}), SALARY),
      validThrough: text(
        isLastDay,
        '`validThrough` must be the last day applications are taken, written YYYY-MM-DD',
        JOB_HINT,
      ),
    },
    { error: says('must be a mapping with employmentType, stations, salary and validThrough', JOB_HINT) },
  );
}

/** A position's facts (front matter `job`, behaviour.md: Sharing); the day it was posted is the page's `date`. */
export type JobFields = Readonly<z.output<ReturnType<typeof toJobSchema>>>;

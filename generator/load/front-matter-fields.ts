import { isMap, isScalar, isSeq } from 'yaml';
import { toNearestName, toProblems } from '../schema/issues.ts';
import { toProblem } from '../problems/problem.ts';
import { CONTROLS, PAGE_SETTINGS, toFrontMatterSchema, toShownValue } from '../schema/front-matter.ts';
import { checkCalloutFields, type Fail } from './callout-fields.ts';
import type { FieldAddress, FrontMatter, SiteConfig, SiteProblem, SourceLoc } from '../types.ts';

// Link targets and image sources (behaviour.md: Safety): `image`, `mapImage`, `href`, `ctaUrl`…
const URL_KEY = /^(?:image|href|url|src|link)$|[a-z0-9](?:Image|Url|Href|Link|Src)$/;
// `link` may be a label (`sections.*.link`): checked only when a browser would read it as an address.
const LABEL_KEY = /^link$|Link$/;
const URL_HINT =
  'URL fields (`image`, `href`, `url`, `src`, `link` and names ending in `Image`, `Url`, `Href`, `Link` or `Src`) ' +
  'become link targets and image sources: write a path of this site that starts with one `/`, or a full ' +
  '`https://` address. Other schemes, such as `javascript:` and `data:`, are refused.';

/** Every URL field at any depth (`cards[2].link`): problems of refused ones, site paths of the rest. */
export function findUrlFields(contents: unknown, at: (offset: number) => SourceLoc) {
  const problems: SiteProblem[] = [];
  const addresses: FieldAddress[] = [];
  const visit = (node: unknown, prefix: string): void => {
    if (isSeq(node)) node.items.forEach((item, i) => visit(item, `${prefix}[${i}]`));
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const field = prefix ? `${prefix}.${key}` : key;
      const values = URL_KEY.test(key) ? toUrlValues(pair.value, field, at(pair.key.range?.[0] ?? 0), at) : [];
      for (const [name, loc, v] of values) {
        if (typeof v !== 'string') continue;
        const reason = toUrlFault(v, LABEL_KEY.test(key));
        if (reason) problems.push(toProblem('FRONT_MATTER_INVALID', { field: name, reason, hint: URL_HINT }, loc));
        else if (v.startsWith('/')) addresses.push({ field: name, value: v, loc });
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

/** The front matter's rules for the site's pages, made once per configuration. */
const SCHEMAS = new WeakMap<SiteConfig, ReturnType<typeof toFrontMatterSchema>>();

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
  const result = toSchema(config).safeParse(raw);
  if (!result.success)
    problems.push(
      ...toProblems(result.error.issues, 'FRONT_MATTER_INVALID', {
        // A field's name (`job`, `date`), or an item of its list (`aliases[2]`): the lines known of front matter.
        field: ([key, index]) => (typeof index === 'number' ? `${String(key)}[${index}]` : String(key)),
        at: (field) => ({ file, line: keyLines[field] ?? 1, column: 1 }),
      }),
    );
  checkVideoField(raw.video, fail);
  checkCalloutFields(raw, fail);
  if (!result.success || problems.length > 0) return { data: null, problems };
  const extra = Object.fromEntries(Object.entries(raw).filter(([key]) => !PAGE_SETTINGS.includes(key)));
  return { data: { ...result.data, extra }, problems: findTypos(file, extra, keyLines) };
}

function toSchema(config: SiteConfig): ReturnType<typeof toFrontMatterSchema> {
  const schema =
    SCHEMAS.get(config) ??
    toFrontMatterSchema({
      locales: config.locales.map((l) => l.code),
      contacts: config.contacts.map((c) => c.key),
      stations: config.organization?.stations.map((s) => s.iataCode) ?? [],
    });
  SCHEMAS.set(config, schema);
  return schema;
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
  const settings = [...PAGE_SETTINGS, 'contact', 'job'];
  return Object.keys(extra).flatMap((key) => {
    const setting = key === 'contact' || key === 'job' ? undefined : toNearestName(key, settings);
    if (setting === undefined) return [];
    return [toProblem('FRONT_MATTER_TYPO', { key, setting }, { file, line: keyLines[key] ?? 1, column: 1 })];
  });
}

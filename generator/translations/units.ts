import type MarkdownItClass from 'markdown-it';
import { toProblem } from '../problems/problem.ts';
import {
  createLineFinder,
  lookupMessage,
  toExpectedKeys,
  toFlatKeys,
  toMessagesFile,
  toPluralBase,
} from '../messages.ts';
import { requirePackage } from '../node-module.ts';
import type { ContentFile, LocaleCode, MessageTree, Messages, Route, SiteConfig, SiteProblem } from '../types.ts';

// Each page's and shared message's normalised source text, and where its translations are
// (behaviour.md: Translations).

type Target = { file: string; line: number; exists: boolean };

interface Unit {
  readonly kind: 'page' | 'message';
  readonly id: string;
  readonly source: LocaleCode;
  readonly text: readonly string[];
  readonly sourceFile: string;
  readonly sourceLine: number;
  readonly targets: ReadonlyMap<LocaleCode, Target>;
}

// Normalised text: what a page says, not how its file is written.

const MarkdownIt = requirePackage('markdown-it') as typeof MarkdownItClass;
const markdown = new MarkdownIt({ html: true });

const NOT_TEXT = new Set([
  ...['template', 'layout', 'order', 'date', 'locales', 'list', 'listLimit'],
  ...['contact', 'source', 'topic'],
]);
/** The URL fields of behaviour.md: Safety. */
const ADDRESS = /^(?:image|href|url|src)$|[a-z0-9](?:Image|Url|Href|Src)$/;

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function toTextBlocks(body: string): string[] {
  const texts = markdown.parse(body, {}).map((token) => {
    if (token.type === 'code_block' || token.type === 'fence') return token.content;
    if (token.type !== 'inline') return '';
    // An image's content is its alt text.
    const parts = (token.children ?? []).map((c) =>
      c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : c.type === 'html_inline' ? '' : c.content,
    );
    return parts.join('');
  });
  return texts.map(collapse).filter((text) => text !== '');
}

/** `field: text`, in the file's order. */
function toFrontMatterBlocks(value: unknown, at: string): string[] {
  if (typeof value === 'string') return collapse(value) === '' ? [] : [`${at}: ${collapse(value)}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => toFrontMatterBlocks(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    (at === '' && NOT_TEXT.has(key)) || ADDRESS.test(key) ? [] : toFrontMatterBlocks(item, at ? `${at}.${key}` : key),
  );
}

function toPageText(file: ContentFile): string[] {
  const { title, description, extra } = file.data;
  return [...toFrontMatterBlocks({ title, description, ...extra }, ''), ...toTextBlocks(file.body)];
}

// What there is to translate.

const isLocale = (config: SiteConfig, value: unknown): value is LocaleCode =>
  typeof value === 'string' && config.locales.some((l) => l.code === value);

/** Front matter `source`, else the default locale. */
function toSourceLocale(config: SiteConfig, route: Route): LocaleCode {
  const declared = Object.values(route.files).map((file) => file.data.extra.source);
  return declared.find((source) => isLocale(config, source)) ?? config.defaultLocale;
}

export function checkSourceLocales(config: SiteConfig, routes: readonly Route[]): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const route of routes)
    for (const file of Object.values(route.files)) {
      const declared = file.data.extra.source;
      if (declared === undefined) continue;
      const known = isLocale(config, declared);
      if (known && route.files[declared]) continue;
      const reason = known
        ? `names ${String(declared)}, but the page has no ${String(declared)} file`
        : `must be one of the site's locales (${config.locales.map((l) => l.code).join(', ')})`;
      const loc = { file: file.file, line: file.keyLines.source ?? 1, column: 1 };
      problems.push(toProblem('FRONT_MATTER_INVALID', { field: 'source', reason }, loc));
    }
  return problems;
}

export function toUnits(config: SiteConfig, routes: readonly Route[], messages: Messages): Unit[] {
  const units: Unit[] = [];
  const codes = config.locales.map((l) => l.code);
  for (const route of routes) {
    const source = toSourceLocale(config, route);
    const sourceFile = route.files[source];
    if (!sourceFile) continue;
    const only = sourceFile.data.locales;
    const targets = new Map<LocaleCode, Target>();
    for (const code of codes) {
      if (code === source || (only && !only.includes(code) && !route.files[code])) continue;
      const base = sourceFile.file.slice(0, -`.${source}.md`.length);
      const file = route.files[code]?.file;
      targets.set(code, { file: file ?? `${base}.${code}.md`, line: 1, exists: file !== undefined });
    }
    if (targets.size === 0) continue;
    const text = toPageText(sourceFile);
    units.push({ kind: 'page', id: route.path, source, text, sourceFile: sourceFile.file, sourceLine: 1, targets });
  }
  units.push(...toMessageUnits(config, messages));
  return units;
}

/** A plural is one unit by its base key, translated when it has its language's forms (behaviour.md: Texts). */
function toMessageUnits(config: SiteConfig, messages: Messages): Unit[] {
  const lineOf = createLineFinder();
  const source = config.defaultLocale;
  const units: Unit[] = [];
  for (const ns of Object.keys(messages[source] ?? {}).sort()) {
    const tree = messages[source]?.[ns] ?? {};
    const sourceFile = toMessagesFile(config, source, ns);
    for (const [key, forms] of toTextGroups(tree)) {
      const targets = new Map<LocaleCode, Target>();
      for (const locale of config.locales.filter((l) => l.code !== source)) {
        const file = toMessagesFile(config, locale.code, ns);
        const expected = forms.length === 1 && forms[0] === key ? [key] : [...toExpectedKeys(forms, locale.iso)];
        const exists = expected.every((form) => lookupMessage(messages[locale.code]?.[ns], form) !== undefined);
        targets.set(locale.code, { file, line: exists ? lineOf(config.root, file, expected[0] as string) : 1, exists });
      }
      const text = forms.map((form) => collapse(lookupMessage(tree, form) ?? ''));
      const sourceLine = lineOf(config.root, sourceFile, forms[0] as string);
      units.push({ kind: 'message', id: `${ns}:${key}`, source, text, sourceFile, sourceLine, targets });
    }
  }
  return units;
}

/** A plural's forms together under its base key (`search.count`). */
function toTextGroups(tree: MessageTree): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of toFlatKeys(tree)) {
    const base = toPluralBase(key);
    groups.set(base, [...(groups.get(base) ?? []), key]);
  }
  return groups;
}

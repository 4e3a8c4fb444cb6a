import type MarkdownItClass from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { toTextParts } from '../../runtime/contacts.ts';
import { COMPOUND, bindNumbers, hasHan, toRunClass, toScriptRuns, toTiedEnd } from '../../runtime/mixed-script.ts';
import { phraseBreakerFor } from '../../runtime/word-breaks.ts';
import { toHtmlText } from '../escape.ts';
import { toProblem } from '../problems/problem.ts';
import { requirePackage } from '../node-module.ts';
import { writeCompactTables } from './compact-tables.ts';
import { toPictureHtml, toShownImage } from './pictures.ts';
import type { ContentFile, LinkIndex, LocaleCode, Page, SiteProblem, SourceLoc, Unpublished } from '../types.ts';

interface RenderEnv {
  file: ContentFile;
  locale: LocaleCode;
  links: LinkIndex;
  problems: SiteProblem[];
  /** Split once, when a link needs its place. */
  lines?: readonly string[];
  /** Where the block's last placed link was: the next one is written after it. */
  linkCursor?: { readonly block: Token; readonly line: number; readonly at: number };
  imageWritten?: boolean;
}

let parser: MarkdownItClass | null = null;

/**
 * Made on first use: a build of cached pages never loads markdown-it. Raw HTML is escaped, so
 * content cannot inject markup; validateLink drops `javascript:`, `vbscript:`, `file:` and most `data:`.
 */
function toParser(): MarkdownItClass {
  if (parser) return parser;
  const MarkdownIt = requirePackage('markdown-it') as typeof MarkdownItClass;
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('site_links', checkLinks);
  md.core.ruler.push('site_heading_ids', addHeadingIds);
  md.core.ruler.push('site_contact_links', linkContacts);
  md.core.ruler.push('site_table_labels', addTableLabels);
  md.core.ruler.push('site_number_units', bindNumberUnits);
  md.core.ruler.push('site_unbroken_codes', wrapCodes);
  md.core.ruler.push('site_cell_phrases', breakCellPhrases);
  md.core.ruler.push('site_sentence_ends', tieSentenceEnds);
  md.core.ruler.push('site_figures', makeFigures);
  writePictures(md);
  writeCompactTables(md);
  refuseDeepNesting(md);
  parser = md;
  return md;
}

/**
 * An image alone in its paragraph is a figure, its title the caption (behaviour.md: Images): the
 * paragraph's tags become `figure`, and the image writes its caption after itself.
 */
function makeFigures(state: StateCore): void {
  state.tokens.forEach((token, i) => {
    const inline = state.tokens[i + 1];
    const close = state.tokens[i + 2];
    const only = inline?.children?.filter((c) => c.type !== 'text' || c.content.trim() !== '');
    if (token.type !== 'paragraph_open' || token.hidden || !close || only?.length !== 1 || only[0]?.type !== 'image')
      return;
    token.tag = close.tag = 'figure';
    only[0].meta = { figure: true };
  });
}

/**
 * A photo of site/public as a `<picture>` (behaviour.md: Images); any other image (an SVG) as is,
 * loaded as it nears the window. A figure's title is its caption.
 */
function writePictures(md: MarkdownItClass): void {
  const plain = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx] as Token;
    // A page whose front matter names its illustration shows that first, above the body.
    const first = !env.imageWritten && env.file.data.extra.image === undefined;
    env.imageWritten = true;
    // A figure's title is its caption, not the image's title.
    const caption = (token.meta as { figure?: boolean } | null)?.figure ? token.attrGet('title') : null;
    if (caption) token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'title');
    const after = caption ? `<figcaption>${toHtmlText(caption)}</figcaption>` : '';
    const shown = toShownImage(token.attrGet('src') ?? '', env.links);
    if (!shown || 'failed' in shown) {
      if (!first) token.attrs?.push(['loading', 'lazy'], ['decoding', 'async']);
      return (plain ? plain(tokens, idx, options, env, self) : '') + after;
    }
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    return toPictureHtml(shown.info, { alt, title: token.attrGet('title'), first }) + after;
  };
}

/**
 * Past its nesting limit markdown-it silently skips the rest of the list or quote; no text may
 * vanish so (behaviour.md: Safety): the body is refused at the first such line.
 */
function refuseDeepNesting(md: MarkdownItClass): void {
  // The preset's limit, which the package's types do not declare.
  const { maxNesting } = md.options as { maxNesting: number };
  const tokenize = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state: StateBlock, startLine: number, endLine: number) => {
    const env = state.env as RenderEnv;
    if (state.level >= maxNesting && !env.problems.some((p) => p.code === 'MARKDOWN_TOO_DEEP')) {
      // markdown-it's block loop gives up here when a line of this block is left.
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && (state.sCount[line] ?? 0) >= state.blkIndent) {
        const at = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
        const column = at - state.src.lastIndexOf('\n', at - 1);
        const loc = { file: env.file.file, line: env.file.bodyLine + line, column };
        env.problems.push(toProblem('MARKDOWN_TOO_DEEP', { limit: String(maxNesting) }, loc));
      }
    }
    tokenize(state, startLine, endLine);
  };
}

/** Internal links must name a page or public file; one in another locale's text points at the page's own locale. */
export function renderMarkdown(
  file: ContentFile,
  locale: LocaleCode,
  links: LinkIndex,
): { html: string; problems: SiteProblem[] } {
  const env: RenderEnv = { file, locale, links, problems: [] };
  const html = toParser().render(file.body, env);
  return { html, problems: env.problems };
}

/** A link may name a page or a public file (or another site); an image only a file of site/public. */
type AddressKind = 'link' | 'image';

function checkLinks(state: StateCore): void {
  const env = state.env as RenderEnv;
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      const kind = token.type === 'link_open' ? 'link' : token.type === 'image' ? 'image' : null;
      const href = kind && token.attrGet(kind === 'link' ? 'href' : 'src');
      if (!kind || href === null) continue;
      const checked = toCheckedLink(href, env, block, kind);
      if (typeof checked !== 'string') env.problems.push(checked);
      else if (kind === 'link') token.attrSet('href', checked);
      else {
        token.attrSet('src', checked);
        const shown = toShownImage(checked, env.links);
        if (shown && 'failed' in shown) {
          const { loc } = toLinkSource(env, block, href);
          env.problems.push(toProblem('IMAGE_UNREADABLE', { src: shown.src, reason: shown.failed }, loc));
        }
      }
    }
  }
}

/** The href to write, or the link's problem at the place its address is written. */
function toCheckedLink(href: string, env: RenderEnv, block: Token, kind: AddressKind): string | SiteProblem {
  const checked = toCheckedHref(href, env, kind);
  // markdown-it writes a `%` that starts no escape as `%25`: only the source tells them apart.
  if (checked.ok && !href.includes('%25')) return checked.href;
  const { loc, written = href } = toLinkSource(env, block, href);
  if (!isExternal(href) && /%(?![0-9a-f]{2})/i.test(written)) return toMalformed(written, STRAY_PERCENT, loc);
  if (checked.ok) return checked.href;
  if ('reason' in checked) return toMalformed(written, checked, loc);
  if ('external' in checked) return toProblem('IMAGE_NOT_LOCAL', { src: toShownHref(href) }, loc);
  if (kind === 'image') return toProblem('IMAGE_UNKNOWN_FILE', { src: toShownHref(href) }, loc);
  if ('held' in checked) {
    const { kind, date } = checked.held;
    return toProblem('LINK_TO_UNPUBLISHED', { href: toShownHref(href), kind, date: date ?? undefined }, loc);
  }
  return toProblem('LINK_UNKNOWN_ROUTE', { href: toShownHref(href), suggestion: checked.suggestion }, loc);
}

type CheckedHref =
  | { ok: true; href: string }
  | { ok: false; suggestion?: string }
  | { ok: false; held: Unpublished }
  | { ok: false; external: true }
  | { ok: false; reason: string; hint?: string };

const PERCENT_HINT =
  'A `%` starts an escape of two hex digits, and the escapes of one character together spell it in UTF-8 ' +
  '(`%C3%A9` is é): write `%25` for a percent sign, or write the character itself.';
const STRAY_PERCENT = { reason: 'a `%` in it does not start a percent-escape (two hex digits)', hint: PERCENT_HINT };
const EMPTY = {
  ok: false,
  reason: 'its address is empty',
  hint: 'Write the address between the parentheses: `[text](/en/contact)`.',
} as const;
const NOT_A_URL = {
  ok: false,
  reason: 'it is not a valid URL',
  hint: 'Check the host name and the brackets; a full address reads like `https://example.org/page`.',
} as const;

/** Per build (link index): the same address is written on many pages. */
const checkedHrefs = new WeakMap<LinkIndex, Map<string, CheckedHref>>();

function toCheckedHref(href: string, env: RenderEnv, kind: AddressKind): CheckedHref {
  const known = checkedHrefs.get(env.links) ?? new Map<string, CheckedHref>();
  checkedHrefs.set(env.links, known);
  // Only a relative address depends on the page it is read from.
  const fromAnyPage = (href.startsWith('/') && !href.startsWith('//')) || isExternal(href);
  const from = fromAnyPage ? '' : toPageUrl(env);
  const key = `${kind}\0${env.file.locale}\0${env.locale}\0${from}\0${href}`;
  const checked = known.get(key) ?? checkHref(href, env, kind);
  known.set(key, checked);
  return checked;
}

/** The URL of the page a body is written for, which a relative address is read from. */
function toPageUrl(env: RenderEnv): string {
  return env.links.urls.get(env.file.path)?.[env.file.locale] ?? '/';
}

function checkHref(href: string, env: RenderEnv, kind: AddressKind): CheckedHref {
  if (href === '') return EMPTY;
  if (href.startsWith('#')) return kind === 'link' ? { ok: true, href } : { ok: false };
  // The security policy allows the site's own images, and the `data:` ones markdown-it lets through.
  if (kind === 'image' && href.startsWith('data:image/')) return { ok: true, href };
  if (isExternal(href)) {
    if (!URL.canParse(href.startsWith('//') ? `https:${href}` : href)) return NOT_A_URL;
    return kind === 'link' ? { ok: true, href } : { ok: false, external: true };
  }
  const current = toPageUrl(env);
  const base = `https://site.invalid${current === '/' ? '/' : `${current}/`}`;
  if (!URL.canParse(href, base)) return NOT_A_URL;
  const url = new URL(href, base);
  const pathname = toDecodedPath(url.pathname);
  if (pathname === null) {
    const escape = findBadEscape(url.pathname);
    return { ok: false, reason: `\`${escape}\` is not a percent-escape of UTF-8 text`, hint: PERCENT_HINT };
  }
  // Written as the path it was checked as: a browser would read it from the page's folder.
  if (env.links.publicFiles.has(pathname))
    return { ok: true, href: href.startsWith('/') ? href : `${url.pathname}${url.search}${url.hash}` };
  if (kind === 'image') return { ok: false };
  const page = env.links.pages.get(pathname);
  const held = page ? undefined : env.links.held?.get(pathname);
  if (held) return { ok: false, held };
  if (!page) return { ok: false, suggestion: toSuggestion(pathname, env) };
  const target =
    page.locale === env.file.locale && env.locale !== env.file.locale
      ? (env.links.urls.get(page.path)?.[env.locale] ?? pathname)
      : pathname;
  return { ok: true, href: `${target}${url.search}${url.hash}` };
}

function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** The path as the site names its pages and files; null when its escapes do not spell UTF-8. */
function toDecodedPath(pathname: string): string | null {
  try {
    return decodeURI(pathname);
  } catch {
    return null;
  }
}

/** The first run of escapes that does not decode: `%E0%A4` of `/contact%E0%A4`. */
function findBadEscape(pathname: string): string {
  const runs = pathname.match(/(?:%[0-9a-f]{2})+/gi) ?? [];
  return runs.find((run) => toDecodedPath(run) === null) ?? pathname;
}

function toMalformed(href: string, fault: { reason: string; hint?: string }, loc: SourceLoc): SiteProblem {
  return toProblem('LINK_MALFORMED', { href: toShownHref(href), reason: fault.reason, hint: fault.hint }, loc);
}

/** A very long address is shortened in messages; the location still points at it. */
function toShownHref(href: string): string {
  return href.length > 120 ? `${href.slice(0, 120)}… (${href.length} characters)` : href;
}

function toSuggestion(pathname: string, env: RenderEnv): string | undefined {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (env.links.pages.has(trimmed)) return trimmed;
  return env.links.urls.get(trimmed)?.[env.file.locale];
}

/**
 * Where a link's address is written, as written (else the block's first line). Each is searched
 * for after the one before: a block of many broken links is read once (behaviour.md: Safety).
 */
function toLinkSource(env: RenderEnv, block: Token, href: string): { loc: SourceLoc; written?: string } {
  const { file } = env;
  env.lines ??= file.body.split('\n');
  const [start = 0, end = start + 1] = block.map ?? [];
  const cursor = env.linkCursor?.block === block ? env.linkCursor : { block, line: start, at: 0 };
  for (let i = cursor.line; i < end; i++) {
    const line = env.lines[i] ?? '';
    for (let at = line.indexOf('](', i === cursor.line ? cursor.at : 0); at >= 0; at = line.indexOf('](', at + 2)) {
      let from = at + 2;
      while (line[from] === ' ' || line[from] === '\t') from++;
      const read = toParser().helpers.parseLinkDestination(line, from, line.length);
      if (read.ok && toParser().normalizeLink(read.str) === href) {
        env.linkCursor = { block, line: i, at: at + 2 };
        const loc = { file: file.file, line: file.bodyLine + i, column: from + 1 };
        return { loc, written: line.slice(from, read.pos) };
      }
    }
  }
  return { loc: { file: file.file, line: file.bodyLine + start, column: 1 } };
}

/** Plain e-mail addresses and telephone numbers become links, fax numbers not (behaviour.md: Contact details). */
function linkContacts(state: StateCore): void {
  const contacts = (state.env as RenderEnv).links.contacts ?? [];
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    // Every address has an `@`, every number a `+`, or an entity writes one.
    if (!/[@+&]/.test(block.content)) continue;
    let depth = 0;
    block.children = block.children.flatMap((token) => {
      if (token.type === 'link_open') depth++;
      if (token.type === 'link_close') depth--;
      if (token.type !== 'text' || depth > 0) return [token];
      const parts = toTextParts(token.content, contacts);
      if (parts.length === 1 && typeof parts[0] === 'string') return [token];
      return parts.flatMap((part) => {
        if (typeof part === 'string') return [toToken(state, 'text', part)];
        const open = new state.Token('link_open', 'a', 1);
        open.attrSet('href', part.href);
        // An e-mail address may break before its `@`, as the templates' EmailAddress writes it.
        const at = part.kind === 'email' ? part.text.indexOf('@') : -1;
        const text = toBrokenText(state, part.text, at >= 0 ? [at] : []);
        return [open, ...text, new state.Token('link_close', 'a', -1)];
      });
    });
  }
}

/** Ids of the page around the prose, which no heading may take (behaviour.md: Presentation). */
const FRAME_IDS = new Set(['app', 'site-data', 'main', 'page-title', 'route-announcer']);

/** Heading ids for `#…` links; a taken one gets the first free number (behaviour.md: Presentation). */
function addHeadingIds(state: StateCore): void {
  const taken = new Set(FRAME_IDS);
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = state.tokens[i + 1]?.content ?? '';
    const base = toSlug(text) || 'section';
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    token.attrSet('id', id);
  });
}

/**
 * `data-label` from the column's header: phones show each row as a card (behaviour.md: Presentation).
 * The first cell is the card's title; a two-column table needs no labels.
 */
function addTableLabels(state: StateCore): void {
  let labels: string[] = [];
  let column = 0;
  state.tokens.forEach((token, i) => {
    if (token.type === 'thead_open') labels = [];
    else if (token.type === 'th_open') labels.push(toPlainText(state.tokens[i + 1]));
    else if (token.type === 'tr_open') column = 0;
    else if (token.type === 'td_open') {
      const label = labels[column];
      if (label && column > 0 && labels.length > 2) token.attrSet('data-label', label);
      column += 1;
    } else if (token.type === 'table_close') labels = [];
  });
}

/** A number keeps its Chinese unit on its line (`2027 年`; behaviour.md: Presentation). */
function bindNumberUnits(state: StateCore): void {
  for (const block of state.tokens) {
    if (!block.children || !hasHan(block.content)) continue;
    for (const child of block.children) if (child.type === 'text') child.content = bindNumbers(child.content);
  }
}

/**
 * Codes and standards never break at their hyphen or space (behaviour.md: Presentation); a Chinese
 * heading's Latin runs escape its letter spacing (docs/glossary.md: Chinese and Latin in one text).
 */
function wrapCodes(state: StateCore): void {
  state.tokens.forEach((block, i) => {
    const heading = state.tokens[i - 1]?.type === 'heading_open' && hasHan(block.content);
    // A code has a hyphen, a standard is `ISO …`, or an entity writes them.
    if (!block.children || (!heading && !/[-&]|ISO/.test(block.content))) return;
    block.children = block.children.flatMap((token) => {
      if (token.type !== 'text') return [token];
      const runs = toScriptRuns(token.content, heading);
      return runs.flatMap((run) => {
        const className = toRunClass(run, heading);
        return className ? toSpan(state, className, run.text) : keepCompounds(state, run.text);
      });
    });
  });
}

/** A text with each English word joined by hyphens kept on one line (behaviour.md: Presentation). */
function keepCompounds(state: StateCore, text: string): Token[] {
  const parts: Token[] = [];
  let from = 0;
  for (const m of text.matchAll(COMPOUND)) {
    parts.push(toToken(state, 'text', text.slice(from, m.index)), ...toSpan(state, 'nowrap', m[0]));
    from = m.index + m[0].length;
  }
  if (from === 0) return [toToken(state, 'text', text)];
  parts.push(toToken(state, 'text', text.slice(from)));
  return parts;
}

const PHRASE_BLOCKS = new Set(['heading_open', 'th_open', 'td_open']);

/** A cell with one holds sentences, not a label. */
const SENTENCE_MARK = /[，。；：]/u;

/** Headings and cells break Chinese between words only, as titles do (behaviour.md: Presentation). */
function breakCellPhrases(state: StateCore): void {
  const breaker = phraseBreakerFor((state.env as RenderEnv).links.keepWhole);
  state.tokens.forEach((token, i) => {
    const inline = state.tokens[i + 1];
    if (!PHRASE_BLOCKS.has(token.type) || !inline?.children) return;
    // Running text breaks between any two characters.
    if (token.type === 'td_open' && SENTENCE_MARK.test(inline.content)) return;
    let marked = false;
    inline.children = inline.children.flatMap((child) => {
      if (child.type !== 'text' || !hasHan(child.content)) return [child];
      // A block of one Chinese word is a `.ph` too: the word stays whole (營運控制中心).
      marked = true;
      const breaks = withoutShortAsides(breaker(child.content), child.content);
      return breaks ? toBrokenText(state, child.content, breaks) : [child];
    });
    if (marked) token.attrJoin('class', 'ph');
  });
}

/** A bracketed aside this short (`（2024 年換發）`, `（IATA）`) stays on one line. */
const SHORT_ASIDE = 12;
const ASIDES = /[（(][^（()）]*[)）]/gu;

/** The breaks outside the text's short bracketed asides: a cell's note never splits inside. */
function withoutShortAsides(breaks: readonly number[] | null, text: string): readonly number[] | null {
  if (!breaks) return breaks;
  const asides = [...text.matchAll(ASIDES)].filter((match) => match[0].length <= SHORT_ASIDE);
  const kept = breaks.filter(
    (index) => !asides.some((match) => index > match.index && index < match.index + match[0].length),
  );
  return kept.length > 0 ? kept : null;
}

/** How far back from a paragraph's end its words are looked for: its last words, with the tie's. */
const TIE_WORDS_FROM = 16;

/**
 * A Chinese paragraph's last two characters share its last line, from the start of their word
 * (behaviour.md: Presentation): the words of its last characters are found, not the paragraph's.
 */
function tieSentenceEnds(state: StateCore): void {
  const breaker = phraseBreakerFor((state.env as RenderEnv).links.keepWhole);
  state.tokens.forEach((token, i) => {
    const inline = state.tokens[i + 1];
    if (token.type !== 'paragraph_open' || !inline?.children || !hasHan(inline.content)) return;
    const last = inline.children.at(-1);
    if (last?.type !== 'text' || toTiedEnd(last.content) < 0) return;
    const from = Math.max(0, last.content.length - TIE_WORDS_FROM);
    const breaks = breaker(last.content.slice(from))?.map((index) => index + from) ?? null;
    const at = toTiedEnd(last.content, breaks);
    const before = toToken(state, 'text', last.content.slice(0, at));
    inline.children.splice(-1, 1, before, ...toSpan(state, 'nowrap', last.content.slice(at)));
  });
}

function toToken(state: StateCore, type: string, content: string): Token {
  const token = new state.Token(type, '', 0);
  token.content = content;
  return token;
}

/** A text with a `<wbr>` at each break (UTF-16 offsets). */
function toBrokenText(state: StateCore, text: string, breaks: readonly number[]): Token[] {
  const parts: Token[] = [];
  let at = 0;
  for (const index of breaks) {
    parts.push(toToken(state, 'text', text.slice(at, index)), toToken(state, 'html_inline', '<wbr>'));
    at = index;
  }
  parts.push(toToken(state, 'text', text.slice(at)));
  return parts;
}

function toSpan(state: StateCore, className: string, text: string): Token[] {
  return [
    toToken(state, 'html_inline', `<span class="${className}">`),
    toToken(state, 'text', text),
    toToken(state, 'html_inline', '</span>'),
  ];
}

/** An inline token's text without its Markdown: `**截止日期**` → `截止日期`. */
function toPlainText(inline: Token | undefined): string {
  if (!inline?.children) return inline?.content ?? '';
  return inline.children
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('')
    .trim();
}

export function toSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

export function toLinkIndex(
  pages: readonly Page[],
  publicFiles: readonly string[],
  settings: Pick<LinkIndex, 'contacts' | 'keepWhole' | 'held' | 'images'> = {},
): LinkIndex {
  const byUrl = new Map<string, { path: string; locale: LocaleCode }>();
  const urls = new Map<string, Record<LocaleCode, string>>();
  for (const page of pages) {
    byUrl.set(page.url, { path: page.route.path, locale: page.locale });
    urls.set(page.route.path, page.localeUrls);
  }
  // What a setting leaves out, each reader takes as none.
  return { pages: byUrl, urls, publicFiles: new Set(publicFiles.map((f) => `/${f}`)), ...settings };
}

import type { SearchHit } from '../generator/types.ts';

// What the search makes of Pagefind's answers (behaviour.md: Search): excerpts as plain text, and
// the pages whose keywords match first.

/** What Pagefind tells of a page it found. */
export interface PagefindData {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: Readonly<Record<string, string | undefined>>;
}

/** A Chinese character or a full-width mark, where Chinese text needs no space. */
const CJK = String.raw`[\p{Script=Han}\p{Script=Bopomofo}\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f「」『』（）]`;
/** Pagefind joins a page's blocks with `. `: after Chinese text that is a full-width stop. */
const CJK_STOP = new RegExp(String.raw`(${CJK})\.(?=\s|$)`, 'gu');
/** A space Pagefind put between Chinese words or blocks (a mark tag may stand between them). */
const CJK_SPACE = new RegExp(String.raw`(${CJK})\s+(?=(?:</?mark>)?${CJK})`, 'gu');
/** Where an excerpt may not start: a mark that ends or joins a phrase. */
const LEADING_MARKS = /^(?:\s|[、，。；：,.;:])+/u;
/** Where an excerpt ends a sentence, and needs no ellipsis. */
const SENTENCE_END = /[。！？.!?]$/u;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });

/**
 * Pagefind's excerpt (text with `<mark>` around the words that matched) as plain text parts:
 * nothing of it is ever inserted as markup. Its word breaks in Chinese (zero-width spaces) and the
 * spaces and stops it puts between blocks are tidied, and an excerpt taken from the middle of the
 * page starts and ends with an ellipsis (one that starts with the page's title needs none).
 */
export function toExcerpt(html: string, title = ''): SearchHit['excerpt'] {
  const tidy = html
    .replaceAll('\u200b', '')
    .replace(CJK_STOP, '$1。')
    .replace(CJK_SPACE, '$1')
    .replace(/([。，、；：！？」』）])\s+/gu, '$1')
    .trim();
  const parts: { text: string; mark: boolean }[] = [];
  let mark = false;
  for (const piece of tidy.split(/(<\/?mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      mark = piece === '<mark>';
      continue;
    }
    const text = decode(piece);
    if (text !== '') parts.push({ text, mark });
  }
  const first = parts[0];
  if (first && !first.mark) {
    first.text = first.text.replace(LEADING_MARKS, '');
    if (first.text === '') parts.shift();
  }
  const plain = parts.map((part) => part.text).join('');
  if (plain === '') return [];
  if (!(title !== '' && plain.startsWith(title))) parts.unshift({ text: '…', mark: false });
  if (!SENTENCE_END.test(plain)) parts.push({ text: '…', mark: false });
  return parts;
}

/**
 * Pages whose keywords (front matter `keywords`) hold a word of the query first, the rest after,
 * each group in Pagefind's order.
 */
export function byKeywords<T extends { readonly meta: PagefindData['meta'] }>(pages: readonly T[], query: string): T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const named = (page: T) =>
    (page.meta.keywords ?? '')
      .toLocaleLowerCase()
      .split(/\s*,\s*/)
      .some((keyword) => keyword !== '' && words.some((word) => keyword.includes(word) || word.includes(keyword)));
  return [...pages.filter(named), ...pages.filter((page) => !named(page))];
}

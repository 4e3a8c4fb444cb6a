import type { SearchHit } from '../generator/types.ts';

// behaviour.md: Search.

export interface PagefindData {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: Readonly<Record<string, string | undefined>>;
}

const CJK = String.raw`[\p{Script=Han}\p{Script=Bopomofo}\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f「」『』（）]`;
/** Pagefind joins a page's blocks with `. `: after Chinese text that is a full-width stop. */
const CJK_STOP = new RegExp(String.raw`(${CJK})\.(?=\s|$)`, 'gu');
/** A space Pagefind put between Chinese words (a mark tag may stand between). */
const CJK_SPACE = new RegExp(String.raw`(${CJK})\s+(?=(?:</?mark>)?${CJK})`, 'gu');
const LEADING_MARKS = /^(?:\s|[、，。；：,.;:])+/u;
const SENTENCE_END = /[。！？.!?]$/u;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });

/** Plain text parts, never markup; Pagefind's Chinese word breaks and block joins are tidied. */
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
    if (piece === '<mark>' || piece === '</mark>') mark = piece === '<mark>';
    else if (piece !== '') parts.push({ text: decode(piece), mark });
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

/** Pages whose front matter `keywords` match the query first, otherwise in Pagefind's order. */
export function byKeywords<T extends { readonly meta: PagefindData['meta'] }>(pages: readonly T[], query: string): T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const named = (page: T) =>
    (page.meta.keywords ?? '')
      .toLocaleLowerCase()
      .split(/\s*,\s*/)
      .some((keyword) => keyword !== '' && words.some((word) => keyword.includes(word) || word.includes(keyword)));
  return [...pages.filter(named), ...pages.filter((page) => !named(page))];
}

import type { SearchHit } from '../generator/types.ts';

// What the search makes of Pagefind's answers (behaviour.md: Search): excerpts as plain text, and
// the pages whose keywords match first.

/** What Pagefind tells of a page it found. */
export interface PagefindData {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: Readonly<Record<string, string | undefined>>;
}

const CJK_STOP = /([\p{Script=Han}\p{Script=Bopomofo}」』）])\. ?/gu;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Pagefind's excerpt (escaped text with `<mark>` around the words that matched) as plain text
 * parts: nothing of it is ever inserted as markup.
 */
export function toExcerpt(html: string): SearchHit['excerpt'] {
  const parts: { text: string; mark: boolean }[] = [];
  let mark = false;
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      mark = piece === '<mark>';
      continue;
    }
    // Pagefind marks the word boundaries it found in Chinese text with zero-width spaces.
    const text = piece.replaceAll('\u200b', '').replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
    if (text !== '') parts.push({ text, mark });
  }
  // Pagefind ends a heading or a cell with `. ` where it joins the page's blocks: after Chinese
  // text that is a full-width stop.
  for (const [i, part] of parts.entries()) parts[i] = { ...part, text: part.text.replace(CJK_STOP, '$1。') };
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

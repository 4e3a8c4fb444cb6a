import { toDraft, type Draft } from '../build-id.ts';
import { toPageSearchEntry, type SearchEntry } from '../search/entries.ts';
import type { LocaleCode, Page, RenderedPage, SiteConfig, Translate } from '../types.ts';
import { toPageOutputs } from './output.ts';
import type { PageLayout } from '../../runtime/urls.ts';

// The step between render and the build's digest: a page's files are drafted with the stand-in
// build id, hashed and written into the staging folder, and what the search index reads of the
// page is taken (behaviour.md: Build id).

/**
 * A file written with the stand-in id: its hash without the stand-in, the stand-in's places, and
 * which of the page's `parts` its bytes are (a page's twin documents are one part).
 */
export interface EmittedFile extends Pick<Draft, 'hash' | 'at'> {
  readonly file: string;
  readonly part: number;
}

export interface EmittedPage {
  readonly url: string;
  readonly files: readonly EmittedFile[];
  /** What the search index reads of the page, when the build makes an index and the page is in it. */
  readonly search: { readonly locale: LocaleCode; readonly entry: SearchEntry } | null;
  /** The bytes of its files, when they were asked for (`keep`): a copy, kept for a later build. */
  readonly parts: readonly Buffer[];
}

export interface EmitContext {
  readonly config: SiteConfig;
  readonly layout: PageLayout;
  /** The stand-in id the pages are rendered with, as bytes. */
  readonly mark: Buffer;
  /** The translators, for the section a search entry names; null: the build makes no search index. */
  readonly search: ReadonlyMap<LocaleCode, Translate> | null;
}

/**
 * Drafts and writes a rendered page's files (its document in each file of the host's layout, and
 * for a route its `_payload.json`, behaviour.md: Payloads) through `put`, which writes or copies
 * the bytes it is lent before it returns. `page` is the resolved page a route's document was
 * rendered from; error pages have none.
 */
export function emitPage(
  rendered: RenderedPage,
  page: Page | null,
  ctx: EmitContext,
  put: (file: string, bytes: Buffer) => void,
  keep = false,
): EmittedPage {
  const files: EmittedFile[] = [];
  const parts: Buffer[] = [];
  /** The hash of the main element of the page's document, the first of its outputs. */
  let mainHash: string | null | undefined;
  for (const [names, text] of toPageOutputs(rendered, ctx.layout, page !== null)) {
    // A page's twin documents (`both` layout) share one encoding and hash.
    const draft = toDraft(ctx.mark, text, mainHash === undefined);
    const { bytes, hash, at } = draft;
    mainHash ??= draft.mainHash;
    const part = keep ? parts.push(Buffer.from(bytes)) - 1 : -1;
    for (const file of names) {
      put(file, bytes);
      files.push({ file, hash, at, part });
    }
  }
  if (!page) return { url: rendered.url, files, search: null, parts };
  const t = ctx.search?.get(page.locale);
  const entry = ctx.search && toPageSearchEntry({ ...ctx, page, rendered, t, mainHash: mainHash ?? undefined });
  return { url: rendered.url, files, search: entry ? { locale: page.locale, entry } : null, parts };
}

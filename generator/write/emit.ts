import { toDraft, type Draft } from '../build-id.ts';
import { toPageSearchEntry, type SearchEntry } from '../search/entries.ts';
import type { LocaleCode, Page, RenderedPage, SiteConfig, Translate } from '../types.ts';
import { toPageOutputs } from './output.ts';
import type { PageLayout } from '../../runtime/urls.ts';

// Between render and the build's digest: pages are drafted with the stand-in build id, hashed and
// staged (behaviour.md: Build id).

/** `hash` leaves out the stand-in; `at` is where it stands; `part` is which of the page's `parts` its bytes are. */
export interface EmittedFile extends Pick<Draft, 'hash' | 'at'> {
  readonly file: string;
  readonly part: number;
}

export interface EmittedPage {
  readonly url: string;
  readonly files: readonly EmittedFile[];
  readonly search: { readonly locale: LocaleCode; readonly entry: SearchEntry } | null;
  /** The bytes of its files, when they were asked for (`keep`): a copy, kept for a later build. */
  readonly parts: readonly Buffer[];
}

export interface EmitContext {
  readonly config: SiteConfig;
  readonly layout: PageLayout;
  readonly mark: Buffer;
  /** Null when the build makes no search index. */
  readonly search: ReadonlyMap<LocaleCode, Translate> | null;
}

/** `put` must write or copy the bytes it is lent before it returns. Error pages have no `page`. */
export function emitPage(
  rendered: RenderedPage,
  page: Page | null,
  ctx: EmitContext,
  put: (file: string, bytes: Buffer) => void,
  keep = false,
): EmittedPage {
  const files: EmittedFile[] = [];
  const parts: Buffer[] = [];
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

import type { EmbeddedPayload, SharedData, SiteSearch } from '../generator/types.ts';
import type { Enhanced } from './enhance.ts';
import type { RefreshRequest } from './navigate.ts';
import { hydrate, unmount, type SiteModules, type View } from './app.tsx';
import { whenIdle } from './idle.ts';
import { setSharedLookUp, toTranslator } from './messages.ts';
import { readPayload } from './page-data.ts';
import { readShownPhrases } from './phrases.ts';
import type * as SearchIndex from './search-index.ts';
import { isBot, site } from './settings.ts';
import { withShared } from './shared-data.ts';
import { loadTemplate } from './templates.ts';

// Loaded with the app shell (boot.ts); the rest of the app follows in the idle chunk
// (behaviour.md: Pages on demand).

export interface Shell extends Pick<SiteModules, 'App' | 'layouts'> {
  readonly hydratePage: typeof hydratePage;
}

export interface Hydration extends Pick<SiteModules, 'controls'> {
  readonly shell: Shell;
  readonly container: Element;
  readonly page: EmbeddedPayload;
  readonly Page: View['Page'];
  readonly shared: SharedData;
}

// The rest of the search is a chunk loaded on first use (behaviour.md: Search).
let searchChunk: Promise<typeof SearchIndex> | null = null;
const loadSearch = () => (searchChunk ??= import('./search-index.ts'));

const siteSearch: SiteSearch = {
  prepare: (locale) => loadSearch().then((m) => m.searchIndex.prepare(locale)),
  search: (locale, query, limit) => loadSearch().then((m) => m.searchIndex.search(locale, query, limit)),
};

/** Hydrates the server-rendered page, then, once idle, loads client navigation and the rest. */
export function hydratePage(input: Hydration): void {
  const { container, shell, controls } = input;
  readShownPhrases(container);
  const modules: SiteModules = { App: shell.App, layouts: shell.layouts, search: siteSearch, controls };
  const payload = withShared(readPayload(document, input.page), input.shared);
  const { buildId, locale } = payload;
  // For a locale no payload has named yet.
  setSharedLookUp((code) =>
    import('./deployment.ts').then((m) => m.readOwnManifest(buildId)).then((meta) => meta?.shared?.[code]),
  );
  const view: View = { payload, Page: input.Page, t: toTranslator(locale, input.shared) };
  const serverHtml = container.innerHTML;
  const onError = (error: unknown) => void handleRenderError(container, serverHtml, error);
  hydrate(container, modules, view, onError);
  if (payload.error?.status === 404) void import('./errors.ts').then((m) => m.showNotFoundInPathLocale());
  window.addEventListener('error', (event) => {
    if (event.filename?.includes('/_app/')) onError(event.error);
  });
  window.addEventListener('unhandledrejection', (event) => onError(event.reason));
  whenIdle(() => {
    const enhanced = import('./enhance.ts').then((m) => {
      navigation = m.enhance(buildId, view, () => {
        navigated = true;
      });
      return navigation;
    });
    // The first deployment check: idle, then `idleCheckDelayMs` (behaviour.md: New-build check).
    setTimeout(() => void enhanced.then((e) => e.checkDeployment()), site.idleCheckDelayMs);
    void loadTemplate('error').catch(() => undefined);
  });
  if (__SITE_DEV__) listenForRebuilds();
}

/** Watch mode only: the build defines `__SITE_DEV__` false and the minifier drops this. */
function listenForRebuilds(): void {
  window.addEventListener('site:search', () => {
    if (searchChunk) void searchChunk.then((m) => m.forgetSearchIndex());
    else void import('./deployment.ts').then((m) => m.forgetOwnManifest());
  });
  window.addEventListener('site:refresh', (event) => {
    const detail = (event as CustomEvent<RefreshRequest & { done?: Promise<void> }>).detail;
    // Through the idle chunk, so watch mode splits code as a build does.
    detail.done = import('./enhance.ts').then((m) => m.refresh(detail));
  });
}

declare const __SITE_DEV__: boolean;

let navigated = false;
let navigation: Enhanced | null = null;

/** Bots keep the server-rendered HTML instead of the 500 page (behaviour.md: Crawlers and bots). */
async function handleRenderError(container: Element, serverHtml: string, error: unknown): Promise<void> {
  console.error('Rendering failed:', error);
  if (!isBot()) {
    await import('./errors.ts').then((m) => m.showErrorPage(500));
    return;
  }
  const target = navigation?.toPendingTarget() ?? null;
  if (target) {
    location.assign(target);
  } else if (!navigated) {
    unmount();
    container.innerHTML = serverHtml;
  } else {
    location.reload();
  }
}

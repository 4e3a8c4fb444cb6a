import type { EmbeddedPayload, Payload } from '../generator/types.ts';
import type { Enhanced } from './enhance.ts';
import type { RefreshRequest } from './navigate.ts';
import { hydrate, setRenderErrorHandler, unmount } from './app.tsx';
import { writeLocaleCookie } from './cookie.ts';
import { whenIdle } from './idle.ts';
import { loadShared, noteSharedUrl, setSharedLookUp, toTranslator } from './messages.ts';
import { readBuildId, readHead } from './page-data.ts';
import { readShownPhrases } from './phrases.ts';
import { toRequestedPath } from './requested-path.ts';
import { forgetSearchIndex, siteSearch } from './search.ts';
import { isBot, site } from './settings.ts';
import { fromEmbedded, PROSE_ATTRIBUTE, withShared } from './shared-data.ts';
import { loadTemplate, setModules } from './templates.ts';
import type { SiteModules, View } from './view.ts';

// The first view carries what hydrating the page needs. What a visitor uses only later (client
// navigation, prefetch, the deployment check, the error pages) is a chunk of its own, loaded once
// the page is idle: until then every link is a plain link (behaviour.md: Client navigation).

/**
 * Starts the runtime on a server-rendered page. A mount failure is logged and re-thrown
 * (behaviour.md: Browser errors).
 */
export function start(entry: Omit<SiteModules, 'search'>): void {
  // The search's first part is handed to the app here: it loads the rest of itself when used.
  boot({ ...entry, search: siteSearch }).catch((error: unknown) => {
    console.error('Error while mounting app:', error);
    throw error;
  });
}

/**
 * The page's data as embedded; its prose, head and build id are read back from the page itself
 * (behaviour.md: Payloads). The 404 page was written once for every unknown path, and the path
 * asked for is this one.
 */
function readPayload(): { container: Element; page: EmbeddedPayload; html: string; buildId: string } {
  const container = document.getElementById('app');
  const data = document.getElementById('site-data');
  if (!container || !data) throw new Error('the page has no #app or #site-data element');
  let page = JSON.parse(data.textContent ?? '') as EmbeddedPayload;
  if (page.error?.status === 404) page = { ...page, error: { ...page.error, path: toRequestedPath() } };
  const html = container.querySelector(`[${PROSE_ATTRIBUTE}]`)?.innerHTML ?? '';
  return { container, page, html, buildId: readBuildId() };
}

async function boot(modules: SiteModules): Promise<void> {
  const { container, page, html, buildId } = readPayload();
  readShownPhrases(container);
  setModules(modules);
  noteSharedUrl(page.locale, page.shared);
  // A locale no payload named yet (the fallback's, before a first visit to it): the manifest says.
  setSharedLookUp((locale) =>
    import('./deployment.ts').then((m) => m.readOwnManifest(buildId)).then((meta) => meta?.shared?.[locale]),
  );
  // Choosing a language records the choice (behaviour.md: Locale choice and cookie), from the
  // first moment; merely viewing a page does not.
  document.addEventListener('click', (event) => {
    const a = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-locale]');
    if (a?.dataset.locale) writeLocaleCookie(a.dataset.locale);
  });
  let view: View;
  try {
    const [Page, shared] = await Promise.all([loadTemplate(page.template), loadShared(page.locale)]);
    const payload: Payload = withShared(fromEmbedded(page, { html, head: readHead(), buildId }), shared);
    view = { payload, Page, t: toTranslator(page.locale, shared) };
  } catch (error) {
    // A chunk that fails at first load needs no reload: the server-rendered page stays usable.
    console.warn('The page stays server-rendered:', error);
    return;
  }
  const serverHtml = container.innerHTML;
  const onError = (error: unknown) => void handleRenderError(modules, container, serverHtml, error);
  setRenderErrorHandler(onError);
  hydrate(container, modules, view);
  if (view.payload.error?.status === 404) void import('./errors.ts').then((m) => m.showNotFoundInPathLocale(modules));
  window.addEventListener('error', (event) => {
    if (event.filename?.includes('/_app/')) onError(event.error);
  });
  window.addEventListener('unhandledrejection', (event) => onError(event.reason));
  whenIdle(() => {
    const enhanced = import('./enhance.ts').then((m) => {
      navigation = m.enhance(modules, buildId, view, () => {
        navigated = true;
      });
      return navigation;
    });
    // The first deployment check: idle, then `idleCheckDelayMs` (behaviour.md: New-build check).
    setTimeout(() => void enhanced.then((e) => e.checkDeployment()), site.idleCheckDelayMs);
    void modules.pages.error?.().catch(() => undefined);
  });
  // Watch mode only (the define is false in a build, and the minifier drops this): the dev client
  // asks the runtime to render the page again after a rebuild instead of reloading it.
  // A rebuild that made a new search index says so: the next search reads the manifest again.
  if (__SITE_DEV__) window.addEventListener('site:search', forgetSearchIndex);
  if (__SITE_DEV__)
    window.addEventListener('site:refresh', (event) => {
      const detail = (event as CustomEvent<RefreshRequest & { done?: Promise<void> }>).detail;
      // Through the idle-time chunk, so that watch mode splits the code as a build does.
      detail.done = import('./enhance.ts').then((m) => m.refresh(detail));
    });
}

declare const __SITE_DEV__: boolean;

let navigated = false;
/** The client navigation and the deployment check, once their code is loaded. */
let navigation: Enhanced | null = null;

/**
 * An error while rendering or navigating shows the 500 page, except to crawlers and bots: for them
 * it is only logged and the server-rendered HTML stays (behaviour.md: Crawlers and bots).
 */
async function handleRenderError(
  modules: SiteModules,
  container: Element,
  serverHtml: string,
  error: unknown,
): Promise<void> {
  console.error('Rendering failed:', error);
  if (!isBot()) {
    await import('./errors.ts').then((m) => m.showErrorPage(modules, 500));
    return;
  }
  // Before the navigation's code is loaded, no navigation is under way.
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

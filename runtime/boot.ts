import type { EmbeddedPayload, Payload } from '../generator/types.ts';
import { currentView, hydrate, setRenderErrorHandler, unmount, type SiteModules } from './app.tsx';
import { loadOwnManifest, readOwnManifest, startDeploymentCheck } from './deployment.ts';
import { showErrorPage, showNotFoundInPathLocale } from './errors.ts';
import { readBuildId, readHead } from './head.ts';
import { whenIdle } from './idle.ts';
import { watchLinks } from './links.ts';
import { loadShared, noteSharedUrl, setSharedLookUp } from './messages.ts';
import {
  initNavigation,
  loadTemplate,
  onAfterRender,
  refresh,
  toPendingTarget,
  type RefreshRequest,
} from './navigate.ts';
import { toRequestedPath } from './requested-path.ts';
import { forgetSearchIndex } from './search.ts';
import { isBot } from './settings.ts';
import { fromEmbedded, PROSE_ATTRIBUTE, withShared } from './shared-data.ts';
import { createTranslator } from './translate.ts';

/**
 * Starts the runtime on a server-rendered page. A mount failure is logged and re-thrown
 * (behaviour.md: Browser errors).
 */
export function start(modules: SiteModules): void {
  boot(modules).catch((error: unknown) => {
    console.error('Error while mounting app:', error);
    throw error;
  });
}

/**
 * The page's data as embedded; its prose, head and build id are read back from the page itself (behaviour.md:
 * Payloads). The 404 page was written once for every unknown path, and the path asked for is this one.
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
  initNavigation(modules, buildId);
  noteSharedUrl(page.locale, page.shared);
  // A locale no payload named yet (the fallback's, before a first visit to it): the manifest says.
  setSharedLookUp((locale) => readOwnManifest(buildId).then((meta) => meta?.shared?.[locale]));
  let view;
  let payload: Payload;
  try {
    const [Page, shared] = await Promise.all([loadTemplate(page.template), loadShared(page.locale)]);
    payload = withShared(fromEmbedded(page, { html, head: readHead(), buildId }), shared);
    view = { payload, Page, t: createTranslator([shared.messages]) };
  } catch (error) {
    // A chunk that fails at first load needs no reload: the server-rendered page stays usable.
    console.warn('The page stays server-rendered:', error);
    return;
  }
  const serverHtml = container.innerHTML;
  setRenderErrorHandler((error) => handleRenderError(modules, container, serverHtml, error));
  hydrate(container, modules, view);
  if (payload.error?.status === 404) void showNotFoundInPathLocale(modules);
  onAfterRender(() => {
    navigated = true;
  });
  addAnnouncer();
  window.addEventListener('error', (event) => {
    if (event.filename?.includes('/_app/')) handleRenderError(modules, container, serverHtml, event.error);
  });
  window.addEventListener('unhandledrejection', (event) =>
    handleRenderError(modules, container, serverHtml, event.reason),
  );
  whenIdle(() => {
    void loadOwnManifest(payload.buildId).then((ok) => ok && watchLinks(payload.buildId));
    void modules.pages.error?.().catch(() => undefined);
  });
  startDeploymentCheck(payload.buildId, () => (currentView() ?? view).t);
  // Watch mode only (the define is false in a build, and the minifier drops this): the dev client
  // asks the runtime to render the page again after a rebuild instead of reloading it.
  // A rebuild that made a new search index says so: the next search reads the manifest again.
  if (__SITE_DEV__) window.addEventListener('site:search', forgetSearchIndex);
  if (__SITE_DEV__)
    window.addEventListener('site:refresh', (event) => {
      const detail = (event as CustomEvent<RefreshRequest & { done?: Promise<void> }>).detail;
      detail.done = refresh(detail);
    });
}

declare const __SITE_DEV__: boolean;

let navigated = false;

/**
 * An error while rendering or navigating shows the 500 page, except to crawlers and bots: for them
 * it is only logged and the server-rendered HTML stays (behaviour.md: Crawlers and bots).
 */
function handleRenderError(modules: SiteModules, container: Element, serverHtml: string, error: unknown): void {
  console.error('Rendering failed:', error);
  if (!isBot()) {
    void showErrorPage(modules, 500);
    return;
  }
  const target = toPendingTarget();
  if (target) {
    location.assign(target);
  } else if (!navigated) {
    unmount();
    container.innerHTML = serverHtml;
  } else {
    location.reload();
  }
}

function addAnnouncer(): void {
  const announcer = document.createElement('div');
  announcer.id = 'route-announcer';
  announcer.className = 'visually-hidden';
  announcer.setAttribute('aria-live', 'assertive');
  announcer.setAttribute('aria-atomic', 'true');
  document.body.append(announcer);
}

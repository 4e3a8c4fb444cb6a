import type { Payload } from '../generator/types.ts';
import { currentView, hydrate, setRenderErrorHandler, unmount, type SiteModules } from './app.tsx';
import { loadOwnManifest, startDeploymentCheck } from './deployment.ts';
import { showErrorPage, showNotFoundInPathLocale } from './errors.ts';
import { whenIdle } from './idle.ts';
import { watchLinks } from './links.ts';
import { loadCatalog } from './messages.ts';
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

function readPayload(): { container: Element; payload: Payload } {
  const container = document.getElementById('app');
  const data = document.getElementById('site-data');
  if (!container || !data) throw new Error('the page has no #app or #site-data element');
  let payload = JSON.parse(data.textContent ?? '') as Payload;
  // The 404 page was written once for every unknown path; the path asked for is this one.
  if (payload.error?.status === 404) payload = { ...payload, error: { ...payload.error, path: toRequestedPath() } };
  return { container, payload };
}

async function boot(modules: SiteModules): Promise<void> {
  const { container, payload } = readPayload();
  initNavigation(modules, payload.buildId);
  let view;
  try {
    const [Page, catalog] = await Promise.all([loadTemplate(payload.template), loadCatalog(payload.locale)]);
    view = { payload, Page, t: createTranslator([catalog]) };
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

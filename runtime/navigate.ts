import { currentView, renderView, type View } from './app.tsx';
import { showErrorPage } from './errors.ts';
import { forgetShared, loadLocale, loadShared, noteSharedUrl } from './messages.ts';
import { forgetPayloads, loadPayload } from './prefetch.ts';
import { site } from './settings.ts';
import { withShared } from './shared-data.ts';
import { loadTemplate, replaceTemplate } from './templates.ts';

// behaviour.md: Client navigation. Links to prerendered pages render on the client; others stay plain.

let buildId = '';
let prerendered: ReadonlySet<string> | null = null;
let stale = false;
let token = 0;
let entryKey = 0;
let pendingTarget: string | null = null;
const scrolls = new Map<number, number>();
const afterRender: (() => void)[] = [];

class LocaleLoadError extends Error {}

/** `/en/contact/` → `/en/contact`; the home page stays `/`. */
export function toPagePath(url: URL): string {
  return url.pathname.replace(/\/+$/, '') || '/';
}

export function setPrerendered(paths: readonly string[]): void {
  prerendered = new Set(paths);
}

export function isPrerendered(path: string): boolean {
  return prerendered?.has(path) ?? false;
}

/** After a new deployment the next navigation is a full load (behaviour.md: New-build check). */
export function markStale(): void {
  stale = true;
}

/** For the render error handler. */
export function toPendingTarget(): string | null {
  return pendingTarget;
}

export function onAfterRender(callback: () => void): void {
  afterRender.push(callback);
}

export function initNavigation(id: string): void {
  buildId = id;
  history.scrollRestoration = 'manual';
  history.replaceState({ ...(history.state as object | null), key: entryKey }, '');
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', (event) => {
    void navigate(new URL(location.href), false, (event.state as { key?: number } | null)?.key);
  });
  const announcer = Object.assign(document.createElement('div'), {
    id: 'route-announcer',
    className: 'visually-hidden',
  });
  announcer.setAttribute('aria-live', 'assertive');
  announcer.setAttribute('aria-atomic', 'true');
  document.body.append(announcer);
}

/** The URL a click should render on the client, or null when it is a plain link. */
function toClientUrl(a: HTMLAnchorElement, event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.hasAttribute('data-full-load')) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return null;
  const path = toPagePath(url);
  if (path === toPagePath(new URL(location.href)) && url.search === location.search && url.hash) return null;
  return prerendered?.has(path) ? url : null;
}

function onClick(event: MouseEvent): void {
  const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  const url = a && toClientUrl(a, event);
  if (!url) return;
  event.preventDefault();
  void navigate(url, true);
}

/** Lets the click paint first; the timeout covers hidden tabs, which get no frames (the later call does nothing). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, site.repaintWaitMs);
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The open locale keeps its translator unless its texts changed; another locale's failure is a
 * `LocaleLoadError` (loading order: behaviour.md: Texts).
 */
async function loadView(path: string, textsChanged = false): Promise<View> {
  const page = await loadPayload(path, buildId);
  noteSharedUrl(page.locale, page.shared);
  const current = currentView();
  const texts =
    !textsChanged && current?.payload.locale === page.locale
      ? loadShared(page.locale).then((shared) => ({ shared, t: current.t }))
      : loadLocale(page.locale);
  const [Page, { shared, t }] = await Promise.all([
    loadTemplate(page.template),
    texts.catch((error: unknown) => {
      throw new LocaleLoadError(error instanceof Error ? error.message : String(error));
    }),
  ]);
  return { payload: withShared(page, shared), Page, t };
}

// behaviour.md: Reload guard. One full load per path within the window: never a reload loop.
const RELOAD_GUARD = 'site:reload-guard';

function isGuarded(path: string): boolean {
  try {
    const guard = JSON.parse(sessionStorage.getItem(RELOAD_GUARD) ?? 'null') as {
      path: string;
      expires: number;
    } | null;
    return guard?.path === path && guard.expires > Date.now();
  } catch {
    return false;
  }
}

/** False: the caller shows the error page instead. */
function reloadOnce(path: string): boolean {
  if (isGuarded(path)) return false;
  try {
    sessionStorage.setItem(RELOAD_GUARD, JSON.stringify({ path, expires: Date.now() + site.reloadGuardMs }));
  } catch {
    // Without storage the guard cannot hold: no risk of a loop.
    return false;
  }
  location.assign(path);
  return true;
}

/** Renders the page at `url` on the client; falls back to a full load wherever that is safer. */
export async function navigate(url: URL, push: boolean, restoreKey?: number): Promise<void> {
  if (stale) {
    location.assign(url.href);
    return;
  }
  const mine = ++token;
  scrolls.set(entryKey, scrollY);
  const path = toPagePath(url);
  await nextFrame();
  if (mine !== token) return;
  if (prerendered && !prerendered.has(path)) {
    commitHistory(url, push, restoreKey);
    await showErrorPage(404, { path: decodeURI(url.pathname) + url.search });
    return;
  }
  pendingTarget = url.href;
  let view: View;
  try {
    view = await loadView(path);
  } catch (error) {
    if (mine !== token) return;
    pendingTarget = null;
    if (error instanceof LocaleLoadError) {
      console.error(`Failed locale loading: ${error.message}`);
      location.assign(url.href);
      return;
    }
    // Likely a new deployment: one full load (behaviour.md: Reload guard).
    console.warn('Loading the page failed:', error);
    if (!reloadOnce(url.pathname + url.search + url.hash)) {
      commitHistory(url, push, restoreKey);
      await showErrorPage(500, { retry: url.href });
    }
    return;
  }
  if (mine !== token) return;
  commitHistory(url, push, restoreKey);
  renderView(view);
  pendingTarget = null;
  settle(url, push ? 0 : (scrolls.get(entryKey) ?? 0));
}

/** The dev client's request after a rebuild (runtime/dev-client.ts). */
export interface RefreshRequest {
  /** Whether the open page's payload or texts changed. */
  readonly render: boolean;
  /** Locales whose shared data files (texts, menus) changed. */
  readonly locales: readonly string[];
  /** Page templates whose chunk changed: name → the chunk's URL, made unique so it loads anew. */
  readonly templates: Readonly<Record<string, string>>;
}

/** Watch mode: re-renders the open page in place after a rebuild (behaviour.md: CLI); on rejection the caller reloads. */
export async function refresh(request: RefreshRequest): Promise<void> {
  forgetPayloads();
  forgetShared(request.locales);
  for (const [name, url] of Object.entries(request.templates)) replaceTemplate(name, url);
  const view = currentView();
  if (!request.render && !(view && view.payload.template in request.templates)) return;
  if (!view || view.payload.error) throw new Error('not a prerendered page');
  const next = await loadView(toPagePath(new URL(location.href)), request.locales.includes(view.payload.locale));
  renderView(next);
}

function commitHistory(url: URL, push: boolean, restoreKey: number | undefined): void {
  if (push) {
    entryKey = Date.now();
    history.pushState({ key: entryKey }, '', url.href);
  } else {
    entryKey = restoreKey ?? Date.now();
  }
}

function settle(url: URL, scroll: number): void {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, scroll);
  document.getElementById('page-title')?.focus({ preventScroll: true });
  const announcer = document.getElementById('route-announcer');
  if (announcer) announcer.textContent = document.title;
  for (const callback of afterRender) callback();
}

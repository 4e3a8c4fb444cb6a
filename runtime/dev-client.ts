// Watch mode only (`site serve --watch`): data, template and style changes apply in place, keeping
// scroll position; anything else reloads. A rebuild error shows over the page until fixed.

import type { Changes } from '../generator/serve/session.ts';
import type { TranslationItem } from '../generator/translations/status.ts';
import type { RefreshRequest } from './navigate.ts';
import { toOutputFile } from './urls.ts';

const OVERLAY_ID = 'site-dev-overlay';

function showOverlay(text: string): void {
  document.getElementById(OVERLAY_ID)?.remove();
  const overlay = Object.assign(document.createElement('div'), { id: OVERLAY_ID });
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build error');
  overlay.style.cssText =
    'position: fixed; inset: 0; z-index: 2147483647; overflow: auto; padding: 2rem; background: rgba(15, 20, 30, 0.92);' +
    'color: #f8f8f2; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace';
  const title = document.createElement('p');
  title.textContent =
    'The last change could not be built. The page below is the last good build; fix the file and it reloads.';
  title.style.cssText = 'color: #ff8a80; font-weight: 700; margin: 0 0 1rem';
  const body = Object.assign(document.createElement('pre'), { textContent: text });
  body.style.cssText = 'white-space: pre-wrap; margin: 0';
  const close = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Close' });
  close.style.cssText =
    'position: absolute; top: 1rem; right: 1rem; font: inherit; padding: 0.25rem 0.75rem; cursor: pointer';
  close.addEventListener('click', () => overlay.remove());
  overlay.append(title, body, close);
  document.body.append(overlay);
}

/** Files no open page reads (the search index is re-read on next use). */
const UNREAD =
  /^(builds\/|_app\/search\/|sitemap\.xml$|robots\.txt$|_headers$|_redirects$|nginx\.conf$|\.nojekyll$|deploy-s3\.sh$|_app\/cards\/|_app\/icon-|_app\/manifest\.)|(^|\/)news\/feed\.xml$/;
const STYLESHEET = /^_app\/.*\.css$/;
const DATA = /(^|\/)_payload\.json$|^_app\/data\//;
const PAGE = /\.html$/;
const SHARED_DATA = /^_app\/data\/([^/.]+)\.json$/;
/** Watch mode's stable names: `_app/<template>.js`, the entry `_app/boot.js`. */
const TEMPLATE_CHUNK = /^_app\/([\w-]+)\.js$/;
const SHARED_CHUNK = /^_app\/chunk\.[\w-]+\.js$/;

/** Loads the changed stylesheet beside the old one, then drops the old one: no flash of bare text. */
function swapStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/_app/"]')) {
    const next = link.cloneNode() as HTMLLinkElement;
    next.href = `${link.href.split('?')[0] as string}?${Date.now()}`;
    next.addEventListener('load', () => link.remove(), { once: true });
    link.after(next);
  }
}

async function applyUpdate(update: Changes): Promise<void> {
  document.getElementById(OVERLAY_ID)?.remove();
  void markStaleTranslation();
  if (update.changed.some((file) => file.startsWith('_app/search/'))) window.dispatchEvent(new Event('site:search'));
  const changed = update.changed.filter((file) => !UNREAD.test(file));
  const pages = changed.filter((file) => PAGE.test(file));
  const data = changed.filter((file) => DATA.test(file));
  const styles = changed.filter((file) => STYLESHEET.test(file));
  // Template and shared chunks reload in place; the entry (shell, layouts) cannot.
  const scripts = changed.filter((file) => TEMPLATE_CHUNK.test(file) || SHARED_CHUNK.test(file));
  // A changed page list or an image cannot be swapped in place.
  const other = changed.length - pages.length - data.length - styles.length - scripts.length;
  if (other > 0 || scripts.includes('_app/boot.js') || update.pagesAddedOrRemoved) {
    location.reload();
    return;
  }
  const templates = Object.fromEntries(
    scripts.flatMap((file) => {
      const name = TEMPLATE_CHUNK.exec(file)?.[1];
      return name === undefined ? [] : [[name, `/${file}?${Date.now()}`]];
    }),
  );
  if (styles.length > 0) swapStylesheets();
  if (data.length === 0 && Object.keys(templates).length === 0) return;
  const ownPayload = toOutputFile(decodeURI(location.pathname), '_payload.json');
  const locales = [...new Set(data.map((file) => SHARED_DATA.exec(file)?.[1]).filter((l) => l !== undefined))];
  const render = locales.length > 0 || data.includes(ownPayload);
  const detail: RefreshRequest & { done?: Promise<void> } = { render, locales, templates };
  window.dispatchEvent(new CustomEvent('site:refresh', { detail }));
  // No answer: the runtime cannot (not hydrated, an error page).
  if (!detail.done) location.reload();
  else await detail.done.catch(() => location.reload());
}

// The server rebuilds open pages first, so the stream names this page and reopens on navigation.
let events: EventSource | null = null;
let streamPage = '';

/** Also asks whether the page's translation is out of date. */
function connect(): void {
  events?.close();
  streamPage = location.pathname;
  events = new EventSource(`/__site/events?page=${encodeURIComponent(streamPage)}`);
  events.addEventListener(
    'update',
    (event) => void applyUpdate(JSON.parse((event as MessageEvent<string>).data) as Changes),
  );
  events.addEventListener('translations', () => void markStaleTranslation());
  events.addEventListener('build-error', (event) =>
    showOverlay((JSON.parse((event as MessageEvent<string>).data) as { text: string }).text),
  );
  void markStaleTranslation();
}

// Marks a page whose translation is out of date (behaviour.md: Translations).
const MARKER_ID = 'site-dev-translation';
const dismissed = new Set<string>();

type StaleTranslation = Pick<TranslationItem, 'source' | 'sourceFile' | 'confirmed'>;

async function markStaleTranslation(): Promise<void> {
  const page = location.pathname;
  let stale: readonly StaleTranslation[] = [];
  try {
    const response = await fetch(`/__site/translations?page=${encodeURIComponent(page)}`, { cache: 'no-store' });
    if (response.ok) stale = ((await response.json()) as { stale: StaleTranslation[] }).stale;
  } catch {
    return;
  }
  document.getElementById(MARKER_ID)?.remove();
  const first = stale[0];
  if (!first || dismissed.has(page) || location.pathname !== page) return;
  const marker = Object.assign(document.createElement('div'), { id: MARKER_ID });
  marker.setAttribute('role', 'status');
  marker.style.cssText =
    'position: fixed; left: 1rem; bottom: 1rem; z-index: 2147483646; max-width: 22rem; padding: 0.75rem 2.75rem 0.75rem 1rem;' +
    'border-radius: 8px; background: #7a4b00; color: #fff; font: 14px/1.5 system-ui, sans-serif; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25)';
  const text = document.createElement('p');
  text.style.margin = '0';
  const since = first.confirmed ? `since ${first.confirmed}` : 'since it was last confirmed';
  text.textContent = `Translation out of date: ${first.sourceFile} (${first.source}) has changed ${since}. Run \`site translations\` to see what changed.`;
  const close = Object.assign(document.createElement('button'), { type: 'button', textContent: '×' });
  close.setAttribute('aria-label', 'Dismiss');
  close.style.cssText =
    'position: absolute; top: 0.25rem; right: 0.25rem; width: 2rem; height: 2rem; border: 0; background: transparent;' +
    'color: inherit; font: inherit; font-size: 1.25rem; cursor: pointer';
  close.addEventListener('click', () => {
    dismissed.add(page);
    marker.remove();
  });
  marker.append(text, close);
  document.body.append(marker);
}

connect();
setInterval(() => {
  if (location.pathname !== streamPage) connect();
}, 250);

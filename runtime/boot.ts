import type { EmbeddedPayload, PageControls } from '../generator/types.ts';
import type { Shell } from './hydrate.ts';
import { startControls } from './controls.ts';
import { writeLocaleCookie } from './cookie.ts';
import { nextFree, whenFree } from './idle.ts';
import { loadTemplate, setPages, type PageLoaders } from './templates.ts';

// The first view (behaviour.md: Pages on demand): the page works without JavaScript, so only the
// locale cookie and the controls start at once; the app loads when the browser is free after
// `load`, or when a control needs it.

export interface BootEntry {
  readonly react: () => Promise<unknown>;
  readonly shell: () => Promise<Shell>;
  readonly pages: PageLoaders;
}

export function start(entry: BootEntry): void {
  setPages(entry.pages);
  // Only choosing a language records it (behaviour.md: Locale choice and cookie).
  document.addEventListener('click', (event) => {
    const a = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-locale]');
    if (a?.dataset.locale) writeLocaleCookie(a.dataset.locale);
  });
  let app: Promise<void> | null = null;
  let failed = false;
  /** False when the app could not be loaded. */
  const loadApp = () => {
    app ??= startApp(entry, controls).then(
      (hydrated) => {
        failed = !hydrated;
      },
      (error: unknown) => {
        // behaviour.md: Browser errors.
        failed = true;
        console.error('Error while mounting app:', error);
        throw error;
      },
    );
    return !failed;
  };
  const controls = startControls(loadApp);
  if (document.readyState === 'complete') whenFree(loadApp);
  else window.addEventListener('load', () => whenFree(loadApp), { once: true });
}

/**
 * False when a chunk failed: no reload, the server-rendered page stays usable
 * (behaviour.md: Browser errors). Hydration gets a task of its own, apart from module evaluation.
 */
async function startApp(entry: BootEntry, controls: PageControls): Promise<boolean> {
  const container = document.getElementById('app');
  const data = document.getElementById('site-data');
  if (!container || !data) throw new Error('the page has no #app or #site-data element');
  const page = JSON.parse(data.textContent ?? '') as EmbeddedPayload;
  const loaded = await Promise.all([
    loadShell(entry),
    loadTemplate(page.template),
    import('./messages.ts').then((m) => {
      m.noteSharedUrl(page.locale, page.shared);
      return m.loadShared(page.locale);
    }),
  ]).catch((error: unknown) => {
    console.warn('The page stays server-rendered:', error);
    return null;
  });
  if (!loaded) return false;
  const [shell, Page, shared] = loaded;
  await nextFree();
  shell.hydratePage({ shell, controls, container, page, Page, shared });
  return true;
}

/** React's renderer is most of the app's compile time, so it gets a task of its own. */
async function loadShell(entry: BootEntry): Promise<Shell> {
  await entry.react();
  await nextFree();
  return entry.shell();
}

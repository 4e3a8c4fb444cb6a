import type { EmbeddedPayload, PageControls, SharedData } from '../generator/types.ts';
import type { Shell } from './hydrate.ts';
import { startControls } from './controls.ts';
import { writeLocaleCookie } from './cookie.ts';
import { nextFree, whenFree } from './idle.ts';
import { loadTemplate, setPages } from './templates.ts';
import type { SiteModules, View } from './view.ts';

// The first view (behaviour.md: Pages on demand): the page is complete without JavaScript, so all
// that runs at once is what must: the language choice is recorded and the controls work
// (controls.ts). The app (React, the translator, the page's template and its locale's data) loads
// once the browser is free after `load`, or at once when a control needs it; until it has
// hydrated the page, every link is a plain link that loads the next page in full.

/**
 * What the bundle's entry hands the runtime: loaders of React's renderer, of the app shell (which
 * imports it too) and of each page template.
 */
export interface BootEntry {
  readonly react: () => Promise<unknown>;
  readonly shell: () => Promise<Shell>;
  readonly pages: SiteModules['pages'];
}

/** Starts the first view; the app follows once the page is free after `load`, or when a control needs it. */
export function start(entry: BootEntry): void {
  setPages(entry.pages);
  // Choosing a language records the choice (behaviour.md: Locale choice and cookie), from the
  // first moment; merely viewing a page does not.
  document.addEventListener('click', (event) => {
    const a = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-locale]');
    if (a?.dataset.locale) writeLocaleCookie(a.dataset.locale);
  });
  let app: Promise<void> | null = null;
  let failed = false;
  /** Loads the app, once; false when it could not be loaded. */
  const loadApp = () => {
    app ??= startApp(entry, controls).then(
      (hydrated) => {
        failed = !hydrated;
      },
      (error: unknown) => {
        // A mount failure is logged and thrown again (behaviour.md: Browser errors).
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

/** The page's data as embedded, and the element the app hydrates. */
function readEmbedded(): { container: Element; page: EmbeddedPayload } {
  const container = document.getElementById('app');
  const data = document.getElementById('site-data');
  if (!container || !data) throw new Error('the page has no #app or #site-data element');
  return { container, page: JSON.parse(data.textContent ?? '') as EmbeddedPayload };
}

/**
 * Loads the app shell, the page's template and its locale's shared data side by side, and
 * hydrates; false when they could not be loaded. A chunk that fails here needs no reload: the
 * server-rendered page stays usable (behaviour.md: Browser errors). Hydration starts in a task of
 * its own once the browser is free again, apart from the evaluation of the modules
 * (behaviour.md: Pages on demand).
 */
async function startApp(entry: BootEntry, controls: PageControls): Promise<boolean> {
  const { container, page } = readEmbedded();
  let loaded: [Shell, View['Page'], SharedData];
  try {
    loaded = await Promise.all([
      loadShell(entry),
      loadTemplate(page.template),
      import('./messages.ts').then((m) => {
        m.noteSharedUrl(page.locale, page.shared);
        return m.loadShared(page.locale);
      }),
    ]);
  } catch (error) {
    console.warn('The page stays server-rendered:', error);
    return false;
  }
  const [shell, Page, shared] = loaded;
  await nextFree();
  shell.hydratePage({ shell, pages: entry.pages, controls, container, page, Page, shared });
  return true;
}

/**
 * The app shell, React's renderer first: that module alone is most of the app's code to compile
 * and run, so it is evaluated in a task of its own, and the rest of the shell in a later one
 * (behaviour.md: Pages on demand).
 */
async function loadShell(entry: BootEntry): Promise<Shell> {
  await entry.react();
  await nextFree();
  return entry.shell();
}

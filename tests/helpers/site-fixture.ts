import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { closeContexts, keptContexts, launchBrowser } from './browser.ts';
import { serveOutput, serveWatched, type ServedOutput } from './site-server.ts';

/** A page with what it logged and which documents it loaded, for assertions. */
export interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** `type: text` of every console message and uncaught error. */
  readonly logs: string[];
  /** URLs of every document (full page load) the page made. */
  readonly documents: string[];
  /** URLs of every request. */
  readonly requests: string[];
}

export interface SiteFixture {
  readonly url: string;
  readonly out: string;
  readonly buildId: string;
  open(path: string, options?: OpenOptions): Promise<WatchedPage>;
  /** Opens a page and waits until it has hydrated and fetched its build manifest. */
  openReady(path: string, options?: OpenOptions): Promise<WatchedPage>;
  /** Resets the pages the last test opened and keeps them for the next (see `PagePool`). */
  recycle(): Promise<void>;
  close(): Promise<void>;
}

export type OpenOptions = BrowserContextOptions & {
  before?: (page: Page, context: BrowserContext) => Promise<unknown>;
};

/**
 * Pages kept open from one test to the next, and from one test file to the next of a worker. A new
 * page costs Chromium a renderer and its start (about half a CPU-second, more than most checks on
 * it), so a test's pages are reset after it and handed to the next test that asks for the same
 * context options (the viewport aside: a page takes the size asked for before it loads anything):
 * no listener, route, init script, cookie, stored item, cached response or history entry of the
 * last test is left: like a new tab, it holds a blank page when it is handed out. A page whose
 * clock was faked, or that was closed, is not kept.
 */
class PagePool {
  private readonly idle: KeptPage[] = [];
  private readonly busy: KeptPage[] = [];
  /** The site of the test file running: its stored items are cleared as each test ends. */
  siteUrl = '';

  constructor(private readonly browser: Browser) {}

  /** A page of a context with these options: a kept one if there is one. */
  async take(options: BrowserContextOptions): Promise<KeptPage> {
    const { viewport = DEFAULT_VIEWPORT, ...rest } = options;
    const key = JSON.stringify(rest);
    const index = this.idle.findIndex((k) => k.key === key);
    const kept = index >= 0 ? (this.idle.splice(index, 1)[0] as KeptPage) : await this.create(key, options);
    this.busy.push(kept);
    const size = kept.page.viewportSize();
    if (viewport && (size?.width !== viewport.width || size.height !== viewport.height))
      await kept.page.setViewportSize(viewport);
    return kept;
  }

  private async create(key: string, options: BrowserContextOptions): Promise<KeptPage> {
    const context = await this.browser.newContext(options);
    keptContexts.add(context);
    const page = await context.newPage();
    const kept: KeptPage = {
      key,
      context,
      page,
      reducedMotion: options.reducedMotion ?? null,
      cdp: await context.newCDPSession(page),
      scripts: [],
      spoilt: false,
      dropListeners: () => undefined,
    };
    // Init scripts cannot outlive the test that added them; a faked clock cannot be taken back.
    const addPageScript = page.addInitScript.bind(page);
    page.addInitScript = async (...args: Parameters<Page['addInitScript']>) => {
      const script = await addPageScript(...args);
      kept.scripts.push(script);
      return script;
    };
    const addContextScript = context.addInitScript.bind(context);
    context.addInitScript = async (...args: Parameters<BrowserContext['addInitScript']>) => {
      const script = await addContextScript(...args);
      kept.scripts.push(script);
      return script;
    };
    const pageListeners = snapshotListeners(page);
    const contextListeners = snapshotListeners(context);
    kept.dropListeners = () => {
      pageListeners();
      contextListeners();
    };
    const install = page.clock.install.bind(page.clock);
    page.clock.install = (...args: Parameters<Page['clock']['install']>) => {
      kept.spoilt = true;
      return install(...args);
    };
    return kept;
  }

  /** Resets every page handed out since the last call, and keeps it (one that cannot be reset is closed). */
  async recycle(): Promise<void> {
    for (const kept of this.busy.splice(0)) {
      const reset =
        !kept.spoilt &&
        !kept.page.isClosed() &&
        (await this.reset(kept).then(
          () => true,
          () => false,
        ));
      if (reset) this.idle.push(kept);
      else await kept.context.close().catch(() => undefined);
    }
  }

  private async reset(kept: KeptPage): Promise<void> {
    const { page, context } = kept;
    kept.dropListeners();
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const script of kept.scripts.splice(0)) await script.dispose();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // The media the context was opened with (a test may have asked for print, or for less motion).
    await page.emulateMedia({ media: null, reducedMotion: kept.reducedMotion });
    // The site's stored items (the reload guard keeps one per tab), then a blank page.
    await page.goto(`${this.siteUrl}/robots.txt`);
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await page.goto('about:blank');
    await context.clearCookies();
    await kept.cdp.send('Network.clearBrowserCache');
    await kept.cdp.send('Page.resetNavigationHistory');
  }
}

interface KeptPage {
  /** The context options but the viewport, as JSON. */
  readonly key: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The context's `reducedMotion`, which the page goes back to. */
  readonly reducedMotion: BrowserContextOptions['reducedMotion'];
  readonly cdp: CDPSession;
  /** Init scripts added by the test using the page. */
  readonly scripts: { dispose(): Promise<void> }[];
  /** Changed in a way that cannot be undone: closed instead of kept. */
  spoilt: boolean;
  /** Removes the listeners added since the page was made. */
  dropListeners: () => void;
}

/** Playwright's viewport when the options name none. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** The worker's kept pages, for the browser they are pages of. */
let kept: { readonly browser: Browser; readonly pool: PagePool } | null = null;

/** The kept pages of this browser (a new set for a browser started again), serving this site. */
function poolFor(browser: Browser, siteUrl: string): PagePool {
  if (kept?.browser !== browser) kept = { browser, pool: new PagePool(browser) };
  kept.pool.siteUrl = siteUrl;
  return kept.pool;
}

/** The events tests listen to (Playwright listens to others itself, and keeps those). */
const TEST_EVENTS = ['console', 'pageerror', 'request', 'response', 'requestfinished', 'requestfailed', 'dialog'];

/**
 * Notes the listeners an emitter has for the events tests listen to; the function returned removes
 * every listener added to them since.
 */
function snapshotListeners(emitter: Page | BrowserContext): () => void {
  const target = emitter as unknown as {
    rawListeners(event: string): ((...args: unknown[]) => void)[];
    removeListener(event: string, listener: (...args: unknown[]) => void): void;
  };
  const before = new Map(TEST_EVENTS.map((event) => [event, new Set(target.rawListeners(event))]));
  return () => {
    for (const event of TEST_EVENTS)
      for (const listener of target.rawListeners(event))
        if (!before.get(event)?.has(listener)) target.removeListener(event, listener);
  };
}

/**
 * Serves the real site and starts Chromium. The target is the built output (built once for all test
 * files) served by `site serve`'s server, or, with SITE_TEST_TARGET=watch, `site serve --watch`'s
 * build in memory: the same specs run against both.
 */
export async function startSite(): Promise<SiteFixture> {
  const built = inject('builtSite');
  const watched = process.env.SITE_TEST_TARGET === 'watch' ? await serveWatched() : null;
  const out = built.out;
  const manifest = { id: watched?.buildId ?? built.buildId };
  const server: ServedOutput = watched ?? (await serveOutput(out));
  const browser: Browser = await launchBrowser();
  const pool = poolFor(browser, server.url);
  const site: SiteFixture = {
    url: server.url,
    out,
    buildId: manifest.id,
    async open(target, options = {}) {
      const { before, ...contextOptions } = options;
      const { page, context } = await pool.take(contextOptions);
      const watched: WatchedPage = { page, context, logs: [], documents: [], requests: [] };
      page.on('console', (m) => watched.logs.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => watched.logs.push(`pageerror: ${e.message}`));
      page.on('request', (r) => {
        watched.requests.push(r.url());
        if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) watched.documents.push(r.url());
      });
      if (before) await before(page, context);
      await page.goto(`${server.url}${target}`);
      return watched;
    },
    async openReady(target, options) {
      const watched = await site.open(target, options);
      await waitForHydration(watched.page);
      await waitForManifest(watched);
      return watched;
    },
    recycle: () => pool.recycle(),
    async close() {
      // The pages are kept for the next test file (PagePool); what the tests opened beside them is closed.
      await pool.recycle();
      await closeContexts(browser);
      await server.close();
    },
  };
  return site;
}

/**
 * The site for one test file: started before its tests, closed after them. Use it inside tests
 * only (it is there once `beforeAll` has run).
 */
export function useSite(): SiteFixture {
  let started: SiteFixture | null = null;
  beforeAll(async () => {
    started = await startSite();
  });
  afterEach(() => started?.recycle());
  afterAll(() => started?.close());
  const site = (): SiteFixture => {
    if (!started) throw new Error('the site starts in beforeAll: use it inside a test');
    return started;
  };
  return {
    get url() {
      return site().url;
    },
    get out() {
      return site().out;
    },
    get buildId() {
      return site().buildId;
    },
    open: (target, options) => site().open(target, options),
    openReady: (target, options) => site().openReady(target, options),
    recycle: () => site().recycle(),
    close: () => site().close(),
  };
}

/**
 * Kept pages (PagePool) for a test file that serves a site of its own (`url()` once its `beforeAll`
 * has started it): a page of a context with the options given, reset after each test, kept for the
 * next test and file; what its tests open beside them is closed after the file.
 */
export function useKeptPages(url: () => string): (options?: BrowserContextOptions) => Promise<Page> {
  let pool: PagePool | null = null;
  const browser = () => launchBrowser();
  afterEach(async () => {
    if (!pool) return;
    pool.siteUrl = url();
    await pool.recycle();
  });
  afterAll(async () => closeContexts(await browser()));
  return async (options = {}) => {
    pool ??= poolFor(await browser(), url());
    return (await pool.take(options)).page;
  };
}

/**
 * Resolves once `predicate(arg)` holds in the page, checked every 10 ms by a loop inside the page.
 * Unlike Playwright's `waitForFunction`, it needs none of Playwright's own script in the page, whose
 * injection into every new document is most of a cheap check's cost. A navigation under way is
 * waited out; the check then runs again in the new document.
 */
export async function waitInPage<A>(
  page: Page,
  predicate: (arg: A) => boolean,
  arg: A,
  timeout = 30_000,
): Promise<void> {
  const poll = `(async (holds, arg, until) => {
    while (!holds(arg)) {
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return true;
  })`;
  const deadline = Date.now() + timeout;
  for (;;) {
    const done = await page
      .evaluate(`${poll}(${predicate.toString()}, ${JSON.stringify(arg)}, Date.now() + 2000)`)
      .catch((error: Error) => {
        if (/context was destroyed|navigat/i.test(error.message)) return false;
        throw error;
      });
    if (done) return;
    if (Date.now() > deadline) throw new Error(`waitInPage: timed out after ${timeout} ms: ${predicate.toString()}`);
    await page.waitForLoadState('domcontentloaded');
  }
}

/** Resolves once the runtime has hydrated the page (React has taken the #app container). */
export async function waitForHydration(page: Page): Promise<void> {
  await waitInPage(
    page,
    () => {
      // The root is made at once, but React adopts the markup in slices (a transition): the page
      // is hydrated once its last element is, and React commits in the task that finishes it.
      // Markup a test adds before that would be a mismatch that React replaces.
      const app = document.getElementById('app');
      const last = app?.lastElementChild;
      return (
        !!app &&
        !!last &&
        Object.keys(app).some((k) => k.startsWith('__reactContainer')) &&
        Object.keys(last).some((k) => k.startsWith('__reactFiber'))
      );
    },
    null,
  );
}

/**
 * Resolves once the page knows which pages it may render on the client (its build manifest is
 * loaded and applied: the runtime's `site:navigation-ready` mark, which each document sets anew),
 * then until the page has been network-idle (Playwright keeps that state from the page's load on:
 * it does not wait for requests made after it).
 */
export async function waitForManifest(watched: WatchedPage): Promise<void> {
  await watched.page.waitForFunction(() => performance.getEntriesByName('site:navigation-ready').length > 0, null, {
    timeout: 10_000,
  });
  await watched.page.waitForLoadState('networkidle');
}

/**
 * Goes to another page of the site by the runtime's client navigation, as a click on a link does,
 * and resolves once the page has rendered and been announced.
 */
export async function navigateInPage(page: Page, url: string): Promise<void> {
  const before = await page.title();
  await page.evaluate((target) => {
    const link = Object.assign(document.createElement('a'), { href: target });
    document.body.append(link);
    link.click();
    link.remove();
  }, url);
  await waitInPage(
    page,
    ([target, previous]) =>
      location.pathname === target &&
      document.title !== previous &&
      document.getElementById('route-announcer')?.textContent === document.title,
    [url, before] as const,
  );
}

/** Errors and warnings the page logged. */
export function problemsIn(logs: readonly string[]): string[] {
  return logs.filter((l) => /^(error|warning|pageerror):/.test(l));
}

/**
 * Holds the app back: the page's locale's shared data, which it hydrates with, is answered only
 * once the function returned is called. Until then the page is what its first view makes of it
 * (behaviour.md: Pages on demand, Controls before hydration).
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_app/data/**', async (route) => {
    await held;
    // A request of a page that has been left meanwhile is gone.
    await route.continue().catch(() => undefined);
  });
  return release;
}

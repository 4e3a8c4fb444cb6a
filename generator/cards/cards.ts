import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { domainToUnicode } from 'node:url';
import { readCacheFile, remember, removeUnused, writeCacheFile } from '../file-cache.ts';
import { isWholePng } from '../png.ts';
import { toCodeVersion, toPackageVersions } from '../code-version.ts';
import { CACHE_DIR, PACKAGE_ROOT } from '../paths.ts';
import { phraseBreakerFor } from '../../runtime/word-breaks.ts';
import { toSection } from '../resolve/sections.ts';
import { toTemplateLocOfStack } from '../render/server-module.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import type { CardTask, CardVariant } from '../types.ts';
import type { LocaleCode, Page, ShareCardProps, SiteConfig, Translate } from '../types.ts';

// The share cards of a build (behaviour.md: Sharing): one PNG per page and locale, named by the
// hash of everything that draws it (its texts, the layout's source, the renderer and the fonts), so
// a page's URL is known before it is drawn, and a card drawn once is never drawn again: the cards
// wait in node_modules/.cache/site/cards, and the misses are drawn in the worker pool.

const CARDS_DIR = path.join(CACHE_DIR, 'cards');
/** Cards to draw per thread of the worker pool (see toCardWorkers). */
const CARDS_PER_THREAD = 200;
/**
 * What draws a card besides its texts: the drawing code (cards/draw.ts, as its source: the
 * compiled file is built from it, and a test run from sources then shares the cards of the
 * compiled `site`), and the renderer's, the fonts' and sharp's (an article's other shapes)
 * packages as installed. Read when the first card is planned, not when a command starts.
 */
let renderer: string | null = null;
function toRendererVersions(): string {
  if (renderer !== null) return renderer;
  const file = path.join(PACKAGE_ROOT, 'generator', 'cards', 'draw.ts');
  const hash = createHash('sha256').update(existsSync(file) ? readFileSync(file) : toCodeVersion());
  for (const name of ['satori', '@resvg/resvg-js', '@fontsource/noto-sans-tc', 'sharp'])
    hash.update(toPackageVersions(name));
  renderer = hash.digest('hex');
  return renderer;
}

/** The cards this process drew or read last (a few thousand cards of ~30 KB at most). */
const recent = new Map<string, Uint8Array>();
const RECENT_LIMIT = 4000;

/** One PNG of a card: its cache entry's name, its output path, its size. */
export interface CardFile {
  readonly key: string;
  readonly file: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The shapes besides 1200 × 630 an article's card is drawn in, for its NewsArticle: search results
 * show an article's image at 16:9, 4:3 or 1:1, each at least 1200 px wide (behaviour.md: Sharing).
 */
export const ARTICLE_SHAPES = [
  { width: 1200, height: 675 },
  { width: 1200, height: 900 },
  { width: 1200, height: 1200 },
] as const;

export interface CardJob {
  /** Every PNG the job draws: the card, then its other shapes (`_app/cards/<key>-1200x675.png`). */
  readonly files: readonly CardFile[];
  readonly props: ShareCardProps;
  /** The first page that shows it: a card that cannot be drawn is reported by it. */
  readonly url: string;
  /** The layout's file, relative to the site's root (`site/templates/ShareCard.tsx`). */
  readonly layout: string;
}

export interface CardPlan {
  /** Each page's card, root-relative, by page URL. */
  readonly urls: ReadonlyMap<string, string>;
  /** An article's card in its other shapes, root-relative, by page URL. */
  readonly variants: ReadonlyMap<string, readonly CardVariant[]>;
  /** One job per distinct card. */
  readonly jobs: readonly CardJob[];
}

/**
 * The host a card shows, as a visitor reads it: an internationalized name in its own script
 * (`https://xn--fsqu00a.xn--kpry57d` → `例子.台灣`), not as the punycode the pages' URLs carry.
 */
export function toShownHost(baseUrl: string): string {
  const { hostname, port } = new URL(baseUrl);
  return `${domainToUnicode(hostname) || hostname}${port ? `:${port}` : ''}`;
}

/**
 * The card of every page that names no `shareImage` of its own, when the site has a base URL, a
 * card layout (`site/templates/ShareCard.tsx`) and a logo.
 */
export function planCards(
  config: SiteConfig,
  pages: readonly Page[],
  translators: ReadonlyMap<LocaleCode, Translate>,
): CardPlan {
  const layoutFile = path.join(config.templatesDir, 'ShareCard.tsx');
  const logoFile = path.join(config.publicDir, 'logo.svg');
  // Without a base URL no page can name its card (`og:image` must be absolute): none is drawn.
  if (!config.baseUrl || !existsSync(layoutFile) || !existsSync(logoFile))
    return { urls: new Map(), variants: new Map(), jobs: [] };
  const layout = readFileSync(layoutFile, 'utf8');
  const layoutName = path.relative(config.root, layoutFile).split(path.sep).join('/');
  const versions = toRendererVersions();
  const logo = `data:image/svg+xml;base64,${readFileSync(logoFile).toString('base64')}`;
  const site = toShownHost(config.baseUrl);
  const breaks = phraseBreakerFor(config.keepWhole);
  const urls = new Map<string, string>();
  const variants = new Map<string, CardVariant[]>();
  const jobs = new Map<string, CardJob>();
  for (const page of pages) {
    if (typeof page.content.data.extra.shareImage === 'string') continue;
    const t = translators.get(page.locale);
    if (!t) continue;
    const props: ShareCardProps = {
      title: page.content.data.title,
      titleBreaks: breaks(page.content.data.title),
      section: toSection(config, page, t)?.label ?? null,
      company: t('footer:company'),
      brand: t('nav:brand'),
      site,
      logo,
      colors: { navy: '#0f2740', primary: config.theme.primary, accent: config.theme.secondary },
    };
    const shapes = page.route.template === 'article' ? ARTICLE_SHAPES : [];
    const key = createHash('sha256')
      .update(`${versions}\n${layout}\n${JSON.stringify(props)}\n${JSON.stringify(shapes)}`)
      .digest('hex')
      .slice(0, 20);
    const files = toCardFiles(key, shapes);
    urls.set(page.url, `/${(files[0] as CardFile).file}`);
    if (shapes.length > 0)
      variants.set(
        page.url,
        files.slice(1).map((f) => ({ path: `/${f.file}`, width: f.width, height: f.height })),
      );
    if (!jobs.has(key)) jobs.set(key, { files, props, url: page.url, layout: layoutName });
  }
  return { urls, variants, jobs: [...jobs.values()] };
}

/** The files of a card: `<key>.png` (1200 × 630), then `<key>-<width>x<height>.png` for each other shape. */
function toCardFiles(key: string, shapes: readonly { width: number; height: number }[]): CardFile[] {
  return [
    { key, file: `_app/cards/${key}.png`, width: 1200, height: 630 },
    ...shapes.map(({ width, height }) => {
      const name = `${key}-${width}x${height}`;
      return { key: name, file: `_app/cards/${name}.png`, width, height };
    }),
  ];
}

/**
 * Threads to draw cards in: the build's worker pool (workers/pool.ts), which the pipeline makes and
 * closes. `start` asks for that many threads, and says whether there are any.
 */
export interface CardThreads {
  start(threads: number): boolean;
  run(kind: 'card', input: CardTask, signal?: AbortSignal): Promise<Uint8Array[]>;
}

/**
 * The PNGs of every job: from the cache, or drawn (see drawCards) and then cached. Each cache entry
 * is written beside its place and renamed, so builds running at the same time never read half a card.
 */
export async function renderCards(
  jobs: readonly CardJob[],
  serverModule: string,
  threads?: CardThreads,
): Promise<{ files: Map<string, Uint8Array>; drawn: number }> {
  const files = new Map<string, Uint8Array>();
  const toCacheFile = (card: CardFile) => path.join(CARDS_DIR, `${card.key}.png`);
  const keep = (card: CardFile, png: Uint8Array) => {
    files.set(card.file, png);
    remember(recent, card.key, png, RECENT_LIMIT);
  };
  const save = async (job: CardJob, pngs: readonly Uint8Array[]) => {
    for (const [i, card] of job.files.entries()) {
      keep(card, pngs[i] as Uint8Array);
      await writeCacheFile(toCacheFile(card), pngs[i] as Uint8Array);
    }
  };
  // The cards to draw are known at once, by whether their files are there, and drawing starts before
  // this returns: the build renders its pages on this thread meanwhile, and reading the cached cards
  // waits for it.
  const misses = new Set(
    jobs.filter((job) => job.files.some((card) => !recent.has(card.key) && !existsSync(toCacheFile(card)))),
  );
  const drawing = drawCards([...misses], serverModule, save, threads);
  // Awaited below, after the reads: a failure meanwhile is not left unhandled.
  drawing.catch(() => undefined);
  // A cached card that cannot be read after all is drawn once the others are.
  const unreadable: CardJob[] = [];
  await Promise.all(
    jobs.map(async (job) => {
      if (misses.has(job)) return;
      const pngs = await Promise.all(
        job.files.map(async (card) => recent.get(card.key) ?? (await readCacheFile(toCacheFile(card)))),
      );
      // Cut short or damaged on the disk: drawn again like one that cannot be read.
      if (pngs.some((png) => !png || !isWholePng(png))) unreadable.push(job);
      else job.files.forEach((card, i) => keep(card, pngs[i] as Uint8Array));
    }),
  );
  await drawing;
  await drawCards(unreadable, serverModule, save, threads);
  if (misses.size + unreadable.length > 0) await removeUnused(CARDS_DIR, (name) => name.endsWith('.png'));
  // The files in the order of the jobs, whatever order they were read or drawn in: the manifest lists them.
  const ordered = new Map(
    jobs.flatMap((job) => job.files.map((card) => [card.file, files.get(card.file) as Uint8Array] as const)),
  );
  return { files: ordered, drawn: misses.size + unreadable.length };
}

/** Saves a drawn card's PNGs, in the order of its files. */
type SaveCard = (job: CardJob, pngs: readonly Uint8Array[]) => Promise<void>;

/**
 * Draws the cards of `jobs` and saves each one. Many go to the pool's threads, all at once (they
 * start before the first `await`, so they draw while the caller goes on). Fewer than the pool pays
 * for (a page edited in watch mode; the real site's) are drawn here, with the fonts this process
 * has read already, two at a time: resvg rasterizes one off this thread while satori lays out the
 * other. The drawing code loads only when a card is drawn here: a build whose cards all come from
 * the cache never loads it, nor React's ES module entry it imports.
 */
async function drawCards(
  jobs: readonly CardJob[],
  serverModule: string,
  save: SaveCard,
  threads: CardThreads | undefined,
): Promise<void> {
  if (jobs.length === 0) return;
  const toTask = (job: CardJob): CardTask => ({
    serverModule,
    props: job.props,
    sizes: job.files.map(({ width, height }) => ({ width, height })),
  });
  const workers = toCardWorkers(jobs.length);
  const inPool = threads !== undefined && workers > 0 && threads.start(workers);
  const drawHere = inPool ? null : (await import('./draw.ts')).drawCardTask;
  const failing = new AbortController();
  const draw = (task: CardTask) =>
    drawHere ? drawHere(task) : (threads as CardThreads).run('card', task, failing.signal);
  const queue = [...jobs];
  const drawNext = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const pngs = await draw(toTask(job)).catch((error: unknown) => {
        // A layout that fails fails every card: the cards still waiting are not drawn.
        queue.length = 0;
        failing.abort();
        throw toCardFailure(job, error);
      });
      await save(job, pngs);
    }
  };
  await Promise.all(Array.from({ length: inPool ? jobs.length : 2 }, drawNext));
}

/** CARD_FAILED for a job whose layout threw, at the layout's line when the stack names it. */
function toCardFailure(job: CardJob, error: unknown): SiteError {
  const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
  // Where satori refuses the layout, the stack is satori's own: the layout's file is named instead.
  const loc = toTemplateLocOfStack(stack ?? '') ?? { file: job.layout, line: 1, column: 1 };
  return new SiteError([toProblem('CARD_FAILED', { url: job.url, reason: message.replace(/\.$/, '') }, loc)]);
}

/**
 * How many of the pool's threads draw `cards` cards: one per 200 cards up to the cores, and none
 * below two. The main thread draws two cards at a time itself, and each thread of the pool pays for
 * its start and reads the fonts again (about a second of CPU).
 */
export function toCardWorkers(cards: number, cores = availableParallelism()): number {
  const threads = Math.min(cores, Math.floor(cards / CARDS_PER_THREAD));
  return threads >= 2 ? threads : 0;
}

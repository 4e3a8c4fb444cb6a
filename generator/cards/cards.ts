import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { domainToUnicode } from 'node:url';
import { readCacheFile, remember, removeUnused, writeCacheFile } from '../file-cache.ts';
import { isWholePng } from '../png.ts';
import { toCodeVersion, toPackageVersions } from '../code-version.ts';
import { CACHE_DIR, PACKAGE_ROOT } from '../paths.ts';
import { phraseBreakerFor } from '../../runtime/word-breaks.ts';
import { toSection } from '../resolve/sections.ts';
import { toRootRelative } from '../bundle/key.ts';
import { toPoolThreads, type StageThreads } from '../workers/pool.ts';
import { toTemplateLoc } from '../render/server-module.ts';
import { CARD_SHAPE } from '../render/share.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import type { CardTask, CardVariant } from '../types.ts';
import type { LocaleCode, Page, ShareCardProps, SiteConfig, Translate } from '../types.ts';

// Share cards (behaviour.md: Sharing), named by the hash of all that draws them, so a page knows its
// card's URL before it is drawn and a cached card is never drawn again.

const CARDS_DIR = path.join(CACHE_DIR, 'cards');
const CARDS_PER_THREAD = 200;
/**
 * Hashes draw.ts's source, not the compiled file, so test runs from sources share the compiled
 * build's cards. Read lazily, not when a command starts.
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

const recent = new Map<string, Uint8Array>();
const RECENT_LIMIT = 4000;

interface CardFile {
  readonly key: string;
  readonly file: string;
  readonly width: number;
  readonly height: number;
}

/** Search results show an article's image at 16:9, 4:3 or 1:1, at least 1200 px wide (behaviour.md: Sharing). */
const ARTICLE_SHAPES = [
  { width: 1200, height: 675 },
  { width: 1200, height: 900 },
  { width: 1200, height: 1200 },
] as const;

export interface CardJob {
  /** The card, then its other shapes. */
  readonly files: readonly CardFile[];
  readonly props: ShareCardProps;
  /** The page a drawing failure is reported on. */
  readonly url: string;
  readonly layout: string;
}

interface CardPlan {
  readonly urls: ReadonlyMap<string, string>;
  readonly variants: ReadonlyMap<string, readonly CardVariant[]>;
  readonly jobs: readonly CardJob[];
}

/** Unicode, not punycode: `xn--fsqu00a.xn--kpry57d` → `例子.台灣`. */
export function toShownHost(baseUrl: string): string {
  const { hostname, port } = new URL(baseUrl);
  return `${domainToUnicode(hostname) || hostname}${port ? `:${port}` : ''}`;
}

/** For pages without a `shareImage`, when the site has a base URL, a card layout and a logo. */
export function planCards(
  config: SiteConfig,
  pages: readonly Page[],
  translators: ReadonlyMap<LocaleCode, Translate>,
): CardPlan {
  const layoutFile = path.join(config.templatesDir, 'ShareCard.tsx');
  const logoFile = path.join(config.publicDir, 'logo.svg');
  // `og:image` must be absolute.
  if (!config.baseUrl || !existsSync(layoutFile) || !existsSync(logoFile))
    return { urls: new Map(), variants: new Map(), jobs: [] };
  const layout = readFileSync(layoutFile, 'utf8');
  const layoutName = toRootRelative(config, layoutFile);
  const versions = toRendererVersions();
  const logo = `data:image/svg+xml;base64,${readFileSync(logoFile).toString('base64')}`;
  const site = toShownHost(config.baseUrl);
  const breaks = phraseBreakerFor(config.keepWhole);
  const urls = new Map<string, string>();
  const variants = new Map<string, CardVariant[]>();
  const jobs = new Map<string, CardJob>();
  for (const page of pages) {
    if (typeof page.content.data.extra.shareImage === 'string') continue;
    const t = translators.get(page.locale) as Translate;
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

/** The card, named by its key alone, then its other shapes. */
function toCardFiles(key: string, shapes: readonly { width: number; height: number }[]): CardFile[] {
  return [CARD_SHAPE, ...shapes].map(({ width, height }, i) => {
    const name = i === 0 ? key : `${key}-${width}x${height}`;
    return { key: name, file: `_app/cards/${name}.png`, width, height };
  });
}

export type CardThreads = StageThreads;

export async function renderCards(jobs: readonly CardJob[], serverModule: string, threads?: CardThreads) {
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
  // Drawing starts before this returns: the build renders pages on this thread meanwhile.
  const misses = new Set(
    jobs.filter((job) => job.files.some((card) => !recent.has(card.key) && !existsSync(toCacheFile(card)))),
  );
  const drawing = drawCards([...misses], serverModule, save, threads);
  // Awaited after the reads; meanwhile a failure must not go unhandled.
  drawing.catch(() => undefined);
  const unreadable: CardJob[] = [];
  await Promise.all(
    jobs.map(async (job) => {
      if (misses.has(job)) return;
      const pngs = await Promise.all(
        job.files.map(async (card) => recent.get(card.key) ?? (await readCacheFile(toCacheFile(card)))),
      );
      if (pngs.some((png) => !png || !isWholePng(png))) unreadable.push(job);
      else job.files.forEach((card, i) => keep(card, pngs[i] as Uint8Array));
    }),
  );
  await drawing;
  await drawCards(unreadable, serverModule, save, threads);
  if (misses.size + unreadable.length > 0) await removeUnused(CARDS_DIR, (name) => name.endsWith('.png'));
  // In job order: the manifest lists them.
  const ordered = new Map(
    jobs.flatMap((job) => job.files.map((card) => [card.file, files.get(card.file) as Uint8Array] as const)),
  );
  return { files: ordered, drawn: misses.size + unreadable.length };
}

/**
 * Many cards go to the pool at once; too few to pay for it are drawn here, two at a time, so resvg
 * rasterizes one off-thread while satori lays out the other. draw.ts loads only then.
 */
async function drawCards(
  jobs: readonly CardJob[],
  serverModule: string,
  save: (job: CardJob, pngs: readonly Uint8Array[]) => Promise<void>,
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
        // A failing layout fails every card: stop.
        queue.length = 0;
        failing.abort();
        throw toCardFailure(job, error);
      });
      await save(job, pngs);
    }
  };
  await Promise.all(Array.from({ length: inPool ? jobs.length : 2 }, drawNext));
}

function toCardFailure(job: CardJob, error: unknown): SiteError {
  const message = error instanceof Error ? error.message : String(error);
  // When satori refuses the layout the stack is satori's own.
  const loc = toTemplateLoc(error) ?? { file: job.layout, line: 1, column: 1 };
  return new SiteError([toProblem('CARD_FAILED', { url: job.url, reason: message.replace(/\.$/, '') }, loc)]);
}

/** Each thread also reads the fonts again. */
export function toCardWorkers(cards: number, cores?: number): number {
  return toPoolThreads(cards, CARDS_PER_THREAD, cores);
}

// npm run bench (part 4): `site` against the plain-Node floor on the peers' benchmark site, the same
// synthetic bilingual site Hugo, Eleventy, Next and Astro were timed on (bench/peers/: its content
// generator, the converter into a `site` project, and the floor). Prints figures only.
//
// Each size is built once by each (the caches of `site` filled, the floor's dependencies read), then
// RUNS times each, alternated run by run, output on tmpfs; the figure is the median of the paired
// ratios (site time / floor time). `site` builds without a base URL, as the floor has none: no share
// cards, feeds or structured data (the real site's figures, with them, are in bench/build.js); and
// for nginx, which like the floor's output has one document per page (the default layout writes
// each page twice, so that any host serves it without a redirect). Its search index is built. The
// paired runs read the page bodies' Markdown from the cache the first build filled; one more run
// without it is printed beside them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PEERS = path.join(ROOT, 'bench/peers');
const FLOOR = path.join(PEERS, 'floor');
const SHM = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = (process.env.BENCH_PEER_SIZES ?? '54,500,5000').split(',').map(Number);
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Runs a build; its wall time and, where /usr/bin/time is installed, its peak RSS in MB. */
function timed(command, args, cwd) {
  const started = performance.now();
  const result = TIME
    ? spawnSync(TIME, ['-f', 'peak %M', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 })
    : spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`${path.basename(args[0] ?? command)} failed:\n${result.stderr}`);
  const peak = /peak (\d+)/.exec(result.stderr ?? '');
  return { wallMs, peakMb: peak ? Math.round(Number(peak[1]) / 1024) : null };
}

if (!existsSync(path.join(FLOOR, 'node_modules'))) {
  // The floor's own dependencies (React 19, marked…), apart from the project's.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: FLOOR, stdio: 'inherit' });
}

console.log(`peers' benchmark site: site / floor (median of ${RUNS} paired runs, output on tmpfs)`);
for (const perLocale of SIZES) {
  const work = mkdtempSync(path.join(SHM, 'site-bench-peers-'));
  try {
    const content = path.join(work, 'content');
    const project = path.join(work, 'project');
    execFileSync(process.execPath, [path.join(PEERS, 'gen-content.mjs'), content, String(perLocale)], {
      stdio: 'ignore',
    });
    execFileSync(process.execPath, [path.join(PEERS, 'to-site.mjs'), content, ROOT, project], { stdio: 'ignore' });
    const site = () =>
      timed(process.execPath, [
        path.join(ROOT, 'bin/site.js'),
        '--root',
        project,
        'build',
        '--out',
        path.join(work, 'site-out'),
        '--base-url',
        '',
        '--host',
        'nginx',
      ]);
    const floor = () =>
      timed(process.execPath, [path.join(FLOOR, 'build.mjs'), content, path.join(work, 'floor-out')], FLOOR);
    site();
    floor();
    const pairs = Array.from({ length: RUNS }, () => {
      const s = site();
      const f = floor();
      return { site: s, floor: f, ratio: s.wallMs / f.wallMs };
    });
    // One more build of `site` with no Markdown read from its cache (the cache moved aside for it):
    // what a first build on a fresh machine, or after changing every page, costs.
    const markdownCache = path.join(ROOT, 'node_modules/.cache/site/markdown');
    const aside = `${markdownCache}.bench-${process.pid}`;
    // A run stopped halfway left its cache aside: put it back first.
    const cacheRoot = path.dirname(markdownCache);
    const leftovers = existsSync(cacheRoot) ? readdirSync(cacheRoot) : [];
    for (const left of leftovers.filter((name) => name.startsWith('markdown.bench-'))) {
      const leftover = path.join(cacheRoot, left);
      if (existsSync(markdownCache)) rmSync(leftover, { recursive: true, force: true });
      else renameSync(leftover, markdownCache);
    }
    const hadCache = existsSync(markdownCache);
    if (hadCache) renameSync(markdownCache, aside);
    let uncached;
    try {
      uncached = site();
    } finally {
      rmSync(markdownCache, { recursive: true, force: true });
      if (hadCache) renameSync(aside, markdownCache);
    }
    const pages = perLocale * 2;
    const wall = (key) => `${(median(pairs.map((p) => p[key].wallMs)) / 1000).toFixed(3)} s`;
    const peak = (key) => {
      const values = pairs.map((p) => p[key].peakMb).filter((v) => v !== null);
      return values.length > 0 ? `${Math.max(...values)} MB` : 'n/a';
    };
    console.log(`  ${pages.toLocaleString('en-US')} pages:`);
    console.log(
      `    cold build: site ${wall('site')}, floor ${wall('floor')}; site / floor ${median(pairs.map((p) => p.ratio)).toFixed(2)} (target ≤ 1.00 at 1,000 and 10,000)`,
    );
    console.log(
      `    with no Markdown from the cache (one run): site ${(uncached.wallMs / 1000).toFixed(3)} s, ${(uncached.wallMs / median(pairs.map((p) => p.floor.wallMs))).toFixed(2)} × the floor's median`,
    );
    console.log(
      `    peak RSS: site ${peak('site')}, floor ${peak('floor')}${pages >= 10_000 ? ' (target ≤ 400 MB)' : ''}`,
    );
    if (perLocale === 54) {
      // One article's weight, as a visitor downloads it.
      const size = (file) => {
        const bytes = readFileSync(file);
        return `${kb(bytes.length)} (${kb(gzipSync(bytes, { level: 9 }).length)} gzip)`;
      };
      const siteHtml = path.join(work, 'site-out/news/news3/index.html');
      console.log(
        `    /news/news3: site ${size(siteHtml)} + _payload.json ${size(path.join(work, 'site-out/news/news3/_payload.json'))}` +
          ` (targets ≤ 4.5 KB and ≤ 4 KB gzip); floor ${size(path.join(work, 'floor-out/news/news3/index.html'))}`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

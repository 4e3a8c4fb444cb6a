// npm run bench (part 4): `site` against the plain-Node floor on the peers' benchmark site, the same
// synthetic bilingual site Hugo, Eleventy, Next and Astro were timed on (bench/peers/: its content
// generator, the converter into a `site` project, and the floor). Prints figures only.
//
// Each size is built once by each (the caches of `site` filled, the floor's dependencies read), then
// RUNS times each, alternated run by run, output on tmpfs, warm (caches filled) and cold
// (`--no-cache`); the figure is the median of the paired ratios (site time / floor time). `site`
// builds without a base URL, as the floor has none: no share cards, feeds or structured data (the
// real site's figures, with them, are in bench/build.js); and for nginx, which like the floor's
// output has one document per page (the default layout writes each page twice, so that any host
// serves it without a redirect). Its search index is built.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
    const site = (...flags) =>
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
        ...flags,
      ]);
    const floor = () =>
      timed(process.execPath, [path.join(FLOOR, 'build.mjs'), content, path.join(work, 'floor-out')], FLOOR);
    site();
    floor();
    // Warm: the caches filled by the build before. Cold: `--no-cache`, as a first build on a fresh
    // machine, or after every page changed. Each run of `site` is paired with a run of the floor.
    const pairs = (flags) =>
      Array.from({ length: RUNS }, () => {
        const s = site(...flags);
        const f = floor();
        return { site: s, floor: f, ratio: s.wallMs / f.wallMs };
      });
    const warm = pairs([]);
    const cold = pairs(['--no-cache']);
    const pages = perLocale * 2;
    const seconds = (runs, key) => `${(median(runs.map((p) => p[key].wallMs)) / 1000).toFixed(3)} s`;
    const ratio = (runs) => median(runs.map((p) => p.ratio)).toFixed(2);
    const peak = (runs, key) => {
      const values = runs.map((p) => p[key].peakMb).filter((v) => v !== null);
      return values.length > 0 ? `${Math.max(...values)} MB` : 'n/a';
    };
    console.log(`  ${pages.toLocaleString('en-US')} pages:`);
    console.log(
      `    warm build (caches filled): site ${seconds(warm, 'site')}, floor ${seconds(warm, 'floor')}; site / floor ${ratio(warm)} (target ≤ 1.25 at 1,000)`,
    );
    console.log(
      `    cold build (--no-cache): site ${seconds(cold, 'site')}, floor ${seconds(cold, 'floor')}; site / floor ${ratio(cold)}`,
    );
    console.log(`    peak RSS: site ${peak([...warm, ...cold], 'site')}, floor ${peak(warm, 'floor')}`);
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

// npm run bench: build speed and memory, for the real site and a synthetic site of 10,000 pages.
// Prints figures; it asserts nothing. Each build is a fresh `site build` process (Node start-up
// included), output on tmpfs so that the disk's noise is not what is measured.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHM = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SYNTHETIC_ROUTES = 5000;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One cold build in its own process: wall time from spawn to exit, and the report. */
function buildOnce(root, out, extra = []) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bin/site.js'), '--root', root, 'build', '--out', out, '--json', ...extra],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return { wallMs, report: JSON.parse(result.stdout) };
}

function measure(label, root, extra = []) {
  const out = mkdtempSync(path.join(SHM, 'site-bench-out-'));
  try {
    buildOnce(root, out, extra); // warm the OS file cache and the template bundle cache
    // Each run replaces the previous run's output, as a rebuild into `out/` does (with
    // --precompress, unchanged `_app/` files reuse their compressed siblings from it).
    const runs = Array.from({ length: RUNS }, () => buildOnce(root, out, extra));
    const pages = Object.values(runs[0].report.pagesPerLocale).reduce((a, b) => a + b, 0);
    const wall = median(runs.map((r) => r.wallMs));
    const rss = Math.max(...runs.map((r) => r.report.peakRssMb));
    const stages = runs[0].report.stages.map((s) => `${s.stage} ${Math.round(s.ms)}`).join(', ');
    console.log(`${label}: ${pages} pages`);
    console.log(`  cold build wall time (median of ${RUNS}): ${(wall / 1000).toFixed(3)} s`);
    console.log(`  per page: ${(wall / pages).toFixed(3)} ms`);
    console.log(`  peak RSS (main process, workers included): ${rss} MB`);
    console.log(`  stages of one run (ms): ${stages}`);
    if (runs[0].report.precompressed)
      console.log(`  precompressed: ${runs[0].report.precompressed} files (.gz and .br beside each)`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The real site's templates, locales and config, with 5,000 routes of generated content per locale. */
function makeSyntheticSite() {
  const root = mkdtempSync(path.join(SHM, 'site-bench-src-'));
  cpSync(path.join(ROOT, 'site'), path.join(root, 'site'), { recursive: true });
  const content = path.join(root, 'site/content');
  const extra = SYNTHETIC_ROUTES - 54;
  for (let i = 0; i < extra; i++) {
    const dir = path.join(content, 'archive', `volume-${Math.floor(i / 500)}`);
    if (i % 500 === 0) mkdirSync(dir, { recursive: true });
    for (const [locale, words] of [
      ['zhHant', ['停機坪', '作業', '安全', '訓練', '旅客', '貨運']],
      ['en', ['ramp', 'safety', 'training', 'passenger', 'cargo', 'turnaround']],
    ]) {
      const para = (n) =>
        Array.from({ length: 60 }, (_, k) => words[(i + k + n) % words.length]).join(locale === 'en' ? ' ' : '');
      const link = locale === 'en' ? '/en/contact' : '/contact';
      writeFileSync(
        path.join(dir, `note-${i}.${locale}.md`),
        [
          '---',
          `title: Archive note ${i} ${locale}`,
          `description: Generated page ${i} for measuring build speed.`,
          'template: page',
          '---',
          para(1),
          '',
          `## ${words[i % 6]} ${i}`,
          '',
          para(2),
          '',
          `- ${para(3).slice(0, 40)}`,
          `- ${para(4).slice(0, 40)}`,
          '',
          `See [contact](${link}).`,
          '',
        ].join('\n'),
      );
    }
  }
  return root;
}

/**
 * A cached stage of the real site's build: builds with its cache emptied first and with it,
 * alternated; the stage's time is how long the build waits for it. The machine's cache is put back
 * afterwards. `describe` names what a run did, `heading` titles the figures.
 */
function measureCached({ stage, runs, heading, cold: coldLabel, warm: warmLabel, describe }) {
  const cache = path.join(ROOT, 'node_modules/.cache/site', stage === 'cards' ? 'cards' : 'search');
  const saved = mkdtempSync(path.join(SHM, `site-bench-${stage}-`));
  if (existsSync(cache)) cpSync(cache, saved, { recursive: true });
  const out = mkdtempSync(path.join(SHM, 'site-bench-out-'));
  try {
    buildOnce(ROOT, out);
    const cold = [];
    const warm = [];
    for (let i = 0; i < Math.min(RUNS, runs); i++) {
      rmSync(cache, { recursive: true, force: true });
      cold.push(buildOnce(ROOT, out));
      warm.push(buildOnce(ROOT, out));
    }
    const ms = (run) => run.report.stages.find((s) => s.stage === stage)?.ms ?? 0;
    const show = (list) =>
      `wall ${(median(list.map((r) => r.wallMs)) / 1000).toFixed(3)} s, ${stage} stage ${Math.round(median(list.map(ms)))} ms, ` +
      `${describe(list[0].report)}, peak RSS ${Math.max(...list.map((r) => r.report.peakRssMb))} MB`;
    console.log(`${heading(cold[0].report)} (median of ${cold.length}):`);
    console.log(`  ${coldLabel} ${show(cold)}`);
    console.log(`  ${warmLabel} ${show(warm)}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    cpSync(saved, cache, { recursive: true });
    rmSync(saved, { recursive: true, force: true });
  }
}

/** The share cards: every card drawn, then every card from the cache. */
const measureCards = () =>
  measureCached({
    stage: 'cards',
    runs: 3,
    heading: () => 'real site, share cards',
    cold: 'every card drawn (empty cache):',
    warm: 'cards from the cache:          ',
    describe: (report) => `${report.cards.drawn} of ${report.cards.total} drawn`,
  });

/** The search index: both locales indexed by Pagefind, then both from the cache; each one's size. */
const measureSearch = () =>
  measureCached({
    stage: 'search',
    runs: 5,
    heading: (report) =>
      `real site, search index (${Object.entries(report.search.bytes)
        .map(([locale, bytes]) => `${locale} ${(bytes / 1024).toFixed(1)} KB`)
        .join(', ')})`,
    cold: 'both locales indexed (empty cache):',
    warm: 'indexes from the cache:            ',
    describe: (report) => `${report.search.indexed} of 2 indexed`,
  });

measure('real site', ROOT);
measure('real site, site build --precompress', ROOT, ['--precompress']);
measureCards();
measureSearch();
const synthetic = makeSyntheticSite();
try {
  // Without a base URL: 10,000 share cards would be drawn once (minutes) and then read from the
  // cache; what is measured here is the pages.
  measure('synthetic site (no base URL: no cards, feeds or structured data)', synthetic, ['--base-url', '']);
  measure('synthetic site, site build --precompress', synthetic, ['--precompress', '--base-url', '']);
} finally {
  rmSync(synthetic, { recursive: true, force: true });
}

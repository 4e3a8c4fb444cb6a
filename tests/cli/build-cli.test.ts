import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHES } from '../../generator/caches.ts';
import { toFirstViewScripts, toIdleScripts } from '../../generator/check/first-view.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { makeSite, removeSites, REPO_ROOT, SMALL_ROUTES } from '../helpers/make-site.ts';
import { snapshotTree as snapshot } from '../helpers/tree.ts';

afterAll(removeSites);

/**
 * The small site built once, for the tests whose builds fail and must leave that output as it was
 * (they break a file with `withFile`, which puts it back), and for a build of it unchanged.
 */
let built: { root: string; out: string; first: CliResult; before: ReturnType<typeof snapshot> } | null = null;
function builtSite(): NonNullable<typeof built> {
  if (!built) {
    const root = makeSite();
    const out = path.join(root, 'out');
    const first = runCli(['--root', root, 'build', '--out', out]);
    built = { root, out, first, before: first.status === 0 ? snapshot(out) : {} };
  }
  return built;
}

/** Runs `run` with a file of the site replaced by `contents`, then puts the file back. */
function withFile<T>(root: string, file: string, contents: string, run: () => T): T {
  const original = readFileSync(path.join(root, file));
  writeFileSync(path.join(root, file), contents);
  try {
    return run();
  } finally {
    writeFileSync(path.join(root, file), original);
  }
}

/**
 * The small site copied to two folders and built in each with --precompress at one
 * SOURCE_DATE_EPOCH: the same bytes in both, and each text file compressed beside it. The last
 * test to read them rebuilds the second.
 */
let copies: { roots: [string, string]; results: CliResult[] } | null = null;
function twoFolders(): NonNullable<typeof copies> {
  if (!copies) {
    const roots: [string, string] = [makeSite(), makeSite()];
    const env = { SOURCE_DATE_EPOCH: '1790000000' };
    const results = roots.map((root) =>
      runCli(['--root', root, 'build', '--out', path.join(root, 'out'), '--precompress'], { env }),
    );
    copies = { roots, results };
  }
  return copies;
}

describe('site build (subprocess)', () => {
  it('builds, reports, and a failed build leaves the previous output byte-identical', () => {
    const { root, out, first, before } = builtSite();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const count = SMALL_ROUTES.length;
    expect(first.stdout).toMatch(new RegExp(`Built ${count} zhHant, ${count} en pages and 4 error pages: \\d+ files`));
    expect(first.stdout).toMatch(
      /prepare \d+ ms · config \d+ ms · sources \d+ ms · bundle (\(reused\) )?\d+ ms · assets \d+ ms · images \d+ ms · render \(\d+ of \d+ rendered\) \d+ ms · cards \(\d+ of \d+ drawn\) \d+ ms · search \(\d of 2 indexed, zhHant [\d.]+ KB, en [\d.]+ KB\) \d+ ms · write \d+ ms/,
    );
    expect(Object.keys(before)).toContain('index.html');
    expect(snapshot(out)).toEqual(before);

    const article = 'site/content/news/news3.en.md';
    const broken = readFileSync(path.join(root, article), 'utf8').replace(/^title: .*$/m, 'title: [broken');
    const second = withFile(root, article, broken, () => runCli(['--root', root, 'build', '--out', out]));
    expect(second.status).toBe(1);
    // The broken value is on line 2; YAML notices the unclosed list where the next key starts.
    expect(second.stderr).toMatch(/site\/content\/news\/news3\.en\.md:[23]:\d+ +FRONT_MATTER_SYNTAX/);
    expect(second.stderr).toContain('FRONT_MATTER_SYNTAX');
    expect(second.stderr).toContain('The previous output is untouched.');
    expect(second.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(root).filter((f) => f.includes('staging'))).toEqual([]);

    // A host it does not know: the choices, and the output as it was.
    const unknownHost = runCli(['--root', root, 'build', '--out', out, '--host', 'apache']);
    expect(unknownHost.status).toBe(1);
    expect(unknownHost.stderr).toContain(
      'Allowed choices are portable, nginx, cloudflare-pages, netlify, github-pages, s3.',
    );
    expect(snapshot(out)).toEqual(before);
  });

  it('builds the same sources in two folders to the same bytes, the time from SOURCE_DATE_EPOCH', () => {
    const { roots, results } = twoFolders();
    for (const result of results) expect(result.status, result.stderr).toBe(0);
    const [a, b] = roots.map((root) => path.join(root, 'out')) as [string, string];
    expect(snapshot(b)).toEqual(snapshot(a));
    const latest = JSON.parse(readFileSync(path.join(a, 'builds/latest.json'), 'utf8'));
    expect(latest.timestamp).toBe(1_790_000_000_000);
    expect(readFileSync(path.join(a, 'index.html'), 'utf8')).toContain('© 2026');
    // Set but no time (a CI step whose command failed, a date written out): refused, the output as it was.
    for (const value of ['Thu Nov 26 2026', '99999999999999']) {
      const refused = runCli(['--root', roots[0] as string, 'build', '--out', a], {
        env: { SOURCE_DATE_EPOCH: value },
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`SOURCE_DATE_EPOCH is \`${value}\`, which is no time`);
    }
    expect(snapshot(a)).toEqual(snapshot(b));
  });

  it('dates a page by its own content: an edited article and its `updated` change its dates alone, a week later, under a new id', () => {
    // The small site built, then built again into the same output a week later, with one article's
    // body and its `updated` edited (behaviour.md: Sitemap and robots).
    const root = makeSite();
    const out = path.join(root, 'out');
    const build = (epoch: number) =>
      expect(
        runCli(['--root', root, 'build', '--out', out], { env: { SOURCE_DATE_EPOCH: String(epoch) } }).status,
      ).toBe(0);
    const dates = () => {
      const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
      const lastmods = Object.fromEntries(
        [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      const pages = readdirSync(out, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('index.html'));
      const modified = Object.fromEntries(
        pages.map((f) => [f, /"dateModified":"([^"]+)"/.exec(read(f))?.[1] ?? null]).filter(([, d]) => d !== null),
      );
      const entries = (feed: string) =>
        Object.fromEntries(
          [...read(feed).matchAll(/<id>([^<]+)<\/id>\s*<link[^>]*>\s*<updated>([^<]+)</g)].map((m) => [m[1], m[2]]),
        );
      return { lastmods, modified, zhFeed: entries('news/feed.xml'), enFeed: entries('en/news/feed.xml') };
    };
    const latest = () => JSON.parse(readFileSync(path.join(out, 'builds/latest.json'), 'utf8')) as { id: string };
    build(1_790_000_000);
    const firstId = latest().id;
    const before = dates();
    expect(Object.keys(before.lastmods)).toHaveLength(2 * SMALL_ROUTES.length - 1);
    const file = path.join(root, 'site/content/news/news3.en.md');
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')
        .replace(/^date: .*$/m, '$&\nupdated: 2026-09-15T10:30')
        .trimEnd()}\n\nThe procedures were reviewed again after the September exercise.\n`,
    );
    build(1_790_000_000 + 7 * 86_400);
    // A change gives a new id; the year it starts with is the build's (the footer's copyright year
    // is read from it), and the previous build is kept.
    const changedId = latest().id;
    expect(changedId).not.toBe(firstId);
    expect(changedId.split('-')[0]).toBe(firstId.split('-')[0]);
    const meta = JSON.parse(readFileSync(path.join(out, `builds/meta/${changedId}.json`), 'utf8'));
    expect(meta.kept).toEqual([firstId]);
    const after = dates();
    const changed = (a: Record<string, string | null>, b: Record<string, string | null>) =>
      Object.keys({ ...a, ...b }).filter((key) => a[key] !== b[key]);
    const article = 'https://cloudwing.example/en/news/news3';
    expect(changed(before.lastmods, after.lastmods)).toEqual([article]);
    expect(after.lastmods[article]).toBe('2026-09-15T10:30:00+08:00');
    // A page without a date of its own keeps the day of the build that first saw it as it is.
    expect(after.lastmods['https://cloudwing.example/en/contact']).toBe('2026-09-21T00:00:00+08:00');
    expect(changed(before.modified, after.modified)).toEqual(['en/news/news3/index.html']);
    expect(after.modified['en/news/news3/index.html']).toBe('2026-09-15T10:30:00+08:00');
    expect(after.modified['news/news3/index.html']).toBe('2024-05-28T00:00:00+08:00');
    expect(changed(before.enFeed, after.enFeed)).toEqual([article]);
    expect(after.enFeed[article]).toBe('2026-09-15T10:30:00+08:00');
    expect(after.zhFeed).toEqual(before.zhFeed);
  });

  it('fails on a write the file system refuses, leaves the previous output as it was and no staging folder', () => {
    const { root, out, first, before } = builtSite();
    expect(first.status).toBe(0);
    // The file system refusing one page.
    const result = runCli(['--root', root, 'build', '--out', out], {
      env: { SITE_TEST_REFUSE_WRITE: 'en/news/news3/index.html' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/OUTPUT_FAILED[\s\S]*EACCES[\s\S]*en\/news\/news3\/index\.html/);
    // The hint says what the refusal means, here that the folder cannot be written to.
    expect(result.stderr).toContain('build into a folder you own');
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(root).filter((name) => name.includes('.out.'))).toEqual([]);
  });

  it("fails on a search index's file refused after the render, and leaves the previous output as it was", () => {
    const { root, out, first, before } = builtSite();
    expect(first.status).toBe(0);
    // The English index (the same files in the next build) is written once the pages are.
    const folder = readdirSync(path.join(out, '_app/search')).find((name) => name.startsWith('en.'));
    if (!folder) throw new Error('the build wrote no English search index');
    const refused = `_app/search/${folder}/pagefind-entry.json`;
    expect(existsSync(path.join(out, refused))).toBe(true);
    const result = runCli(['--root', root, 'build', '--out', out], { env: { SITE_TEST_REFUSE_WRITE: refused } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('OUTPUT_FAILED');
    expect(result.stderr).toContain(refused);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(root).filter((name) => name.includes('.out.'))).toEqual([]);
  });

  it('a build of unchanged sources writes the same bytes under the same id, and removes a stray file', () => {
    // The shared build, last of the tests that need it as it was: this build leaves it the same.
    const { root, out, first, before } = builtSite();
    expect(first.status).toBe(0);
    const latest = () => JSON.parse(readFileSync(path.join(out, 'builds/latest.json'), 'utf8')) as { id: string };
    const firstId = latest().id;
    writeFileSync(path.join(out, 'stale-file.txt'), 'left over');
    const again = runCli(['--root', root, 'build', '--out', out, '--json']);
    expect(again.status).toBe(0);
    const report = JSON.parse(again.stdout);
    expect(report.pagesPerLocale).toEqual({ zhHant: SMALL_ROUTES.length, en: SMALL_ROUTES.length });
    expect(report.stages.map((s: { stage: string }) => s.stage)).toEqual([
      'prepare',
      'config',
      'sources',
      'bundle',
      'assets',
      'images',
      'render',
      'cards',
      'search',
      'write',
    ]);
    expect(report.cards).toEqual({ total: SMALL_ROUTES.length * 2, drawn: 0 });
    // The site's pictures are SVG: no photo to make.
    expect(report.images).toEqual({ total: 0, made: 0 });
    // Nothing changed: the search indexes come from the cache.
    expect(report.search).toEqual({ indexed: 0, bytes: { zhHant: expect.any(Number), en: expect.any(Number) } });
    // The same id, the same timestamp, the same bytes: a redeploy changes nothing, and no open
    // page is told of a new version. The stray file is gone.
    expect(report.buildId).toBe(firstId);
    expect(snapshot(out)).toEqual(before);
  });

  it('draws a card again whose cached file cannot be read, is cut short or is damaged, the same bytes as before', () => {
    // A cache folder of this test's own, a copy of the shared one (which holds the small site's
    // cards where an earlier build drew them): no other test puts the damaged files back meanwhile.
    // One rebuild meets the three damages, each on the card of a page of its own.
    const root = makeSite();
    const env = { SITE_CACHE_DIR: path.join(root, 'cache') };
    // Not the files other tests' builds are writing at this moment (a `.tmp` renamed as it is copied).
    const written = (file: string) => !file.endsWith('.tmp');
    for (const { dir } of Object.values(CACHES))
      if (existsSync(dir))
        cpSync(dir, path.join(env.SITE_CACHE_DIR, path.basename(dir)), { recursive: true, filter: written });
    const out = path.join(root, 'out');
    expect(runCli(['--root', root, 'build', '--out', out], { env }).status).toBe(0);
    const cards = ['index.html', 'en/index.html', 'en/contact/index.html'].map((html) => {
      const card = /property="og:image" content="[^"]*\/(_app\/cards\/([0-9a-f]{20})\.png)"/.exec(
        readFileSync(path.join(out, html), 'utf8'),
      );
      if (!card) throw new Error(`${html} names no card`);
      const file = card[1] as string;
      const cached = path.join(env.SITE_CACHE_DIR, 'cards', `${card[2]}.png`);
      return { file, cached, before: readFileSync(path.join(out, file)) };
    });
    expect(new Set(cards.map((c) => c.file)).size).toBe(3);
    const [unreadable, short, damaged] = cards as [(typeof cards)[0], (typeof cards)[0], (typeof cards)[0]];
    // A folder where the cached card was: it is there, and reading it fails.
    rmSync(unreadable.cached, { force: true });
    mkdirSync(unreadable.cached);
    // Cut short (its size still reads right), or one byte of its pixels changed on the disk:
    // published as it is, it would show as a broken card.
    writeFileSync(short.cached, short.before.subarray(0, 100));
    const flipped = Buffer.from(damaged.before);
    const middle = Math.floor(flipped.length / 2);
    flipped.writeUInt8((flipped.readUInt8(middle) ^ 0xff) & 0xff, middle);
    writeFileSync(damaged.cached, flipped);
    const redrawn = runCli(['--root', root, 'build', '--out', out, '--json'], { env });
    expect(redrawn.status, redrawn.stderr).toBe(0);
    expect(JSON.parse(redrawn.stdout).cards.drawn).toBe(3);
    for (const card of cards) expect(readFileSync(path.join(out, card.file)).equals(card.before), card.file).toBe(true);
    for (const card of [short, damaged]) expect(readFileSync(card.cached).equals(card.before), card.file).toBe(true);
  });

  it('exits 1 with a clear message for an invalid config value', () => {
    const root = makeSite();
    const file = path.join(root, 'site/site.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('cookieMaxAgeDays: 365', "cookieMaxAgeDays: 'a year'"));
    const result = runCli(['--root', root, 'build', '--out', path.join(root, 'out')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/site\/site\.config\.ts:\d+:1 +CONFIG_INVALID/);
    expect(result.stderr).toContain(
      'Invalid configuration value at `runtime.cookieMaxAgeDays`: must be a positive whole number.',
    );
    expect(result.stderr).toContain("cookieMaxAgeDays: 'a year'");
  });

  it.each([[[]], [['--precompress']]])(
    "templates that throw: each error points at the template's .tsx line and page, once for every page it broke, and nothing is written %j",
    (extra: string[]) => {
      const article = readFileSync(path.join(REPO_ROOT, 'site/templates/pages/article.tsx'), 'utf8');
      const root = makeSite({
        'site/templates/pages/customers.tsx':
          "export default function CustomersPage(): never {\n  throw new Error('the customer list is broken');\n}\n",
        'site/templates/pages/article.tsx': article.replace(
          /export default function (\w+)\(([^)]*)\) \{/,
          (head) => `${head}\n  if (typeof window === 'undefined') throw new Error('article cannot render');`,
        ),
      });
      const result = runCli(['--root', root, 'build', '--out', path.join(root, 'out'), ...extra]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('site/templates/pages/customers.tsx:2:9  RENDER_FAILED');
      expect(result.stderr).toContain(
        'Rendering /customers failed: the customer list is broken (content: site/content/customers.zhHant.md); the same error broke 1 other page.',
      );
      expect(result.stderr).toContain("> 2 |   throw new Error('the customer list is broken');");
      expect(result.stderr).toContain('article cannot render');
      expect(result.stderr).toMatch(/site\/templates\/pages\/article\.tsx:\d+/);
      // Each article failed; one report names one and counts the others.
      expect(result.stderr).toMatch(/Rendering \/(en\/)?news\/news\w+ failed: article cannot render/);
      expect(result.stderr).toContain('the same error broke 5 other pages');
      expect(existsSync(path.join(root, 'out'))).toBe(false);
      // Files still compressing when the build failed finish before the staging folder goes.
      expect(result.stderr.trimEnd().endsWith('The previous output is untouched.')).toBe(true);
      expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
      expect(readdirSync(root).filter((f) => f.includes('staging'))).toEqual([]);
    },
  );

  it('refuses to write the output over the site itself', () => {
    const root = makeSite();
    const result = runCli(['--root', root, 'build', '--out', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('OUT_DIR_UNSAFE');
    expect(existsSync(path.join(root, 'site/site.config.ts'))).toBe(true);
  });

  it('builds into out/ of the project folder when --out is not given, from any folder; check looks for it there; --base-url overrides the configuration', () => {
    const root = makeSite();
    // Run from another folder, which must stay empty.
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'site-cwd-'));
    try {
      // Before any build, check names the folder it looked in.
      const unbuilt = runCli(['--root', root, 'check'], { cwd: elsewhere });
      expect(unbuilt.status).toBe(1);
      expect(unbuilt.stderr).toContain('NO_BUILD');
      expect(unbuilt.stderr).toContain(path.join(root, 'out'));
      // No output was kept, since there was none: not claimed.
      expect(unbuilt.stderr).not.toContain('untouched');
      expect(unbuilt.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
      const built = runCli(['--root', root, 'build'], { cwd: elsewhere });
      expect(built.status, built.stderr).toBe(0);
      expect(built.stdout).toContain(`→ ${path.join(root, 'out')}`);
      expect(existsSync(path.join(root, 'out', 'index.html'))).toBe(true);
      expect(readdirSync(elsewhere)).toEqual([]);
      // A relative --out is read from the current folder, as any command line path; --base-url
      // overrides the configuration (another scheme, the same host: the share cards, which show
      // the host, are the configuration's).
      const named = runCli(['--root', root, 'build', '--out', 'public', '--base-url', 'http://cloudwing.example'], {
        cwd: elsewhere,
      });
      expect(named.status, named.stderr).toBe(0);
      expect(existsSync(path.join(elsewhere, 'public', 'index.html'))).toBe(true);
      expect(readFileSync(path.join(elsewhere, 'public/en/contact/index.html'), 'utf8')).toContain(
        '<link rel="canonical" href="http://cloudwing.example/en/contact">',
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('the caches', () => {
  it('renders again only the pages an edit reaches; --no-cache builds the same output reading no cache; cache clear removes every cache and says how much', () => {
    const root = makeSite();
    // A cache folder of this test's own: the other tests' builds keep theirs. It starts as a copy
    // of the shared one, which holds the small site's share cards and search indexes where an
    // earlier build made them: the first build then draws and indexes only what it lacks, as a
    // developer's second build does, and the --no-cache build alone does all of it.
    const env = { SITE_CACHE_DIR: path.join(root, 'cache'), SOURCE_DATE_EPOCH: '1790000000' };
    // Not the files other tests' builds are writing at this moment (a `.tmp` renamed as it is copied).
    const written = (file: string) => !file.endsWith('.tmp');
    for (const { dir } of Object.values(CACHES))
      if (existsSync(dir))
        cpSync(dir, path.join(env.SITE_CACHE_DIR, path.basename(dir)), { recursive: true, filter: written });
    const build = (out: string, ...flags: string[]) => {
      const result = runCli(['--root', root, 'build', '--out', path.join(root, out), '--json', ...flags], { env });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).not.toContain('"warnings": [\n    {');
      return JSON.parse(result.stdout) as {
        buildId: string;
        bundleReused: boolean;
        pagesRendered: number;
        search: { indexed: number };
      };
    };
    build('warm');
    const cached = build('cached');
    expect(cached.bundleReused).toBe(true);
    expect(cached.pagesRendered).toBe(0);
    expect(cached.search.indexed).toBe(0);
    // A sentence added to the English contact page's body: that page alone shows it.
    const contact = path.join(root, 'site/content/contact.en.md');
    writeFileSync(contact, `${readFileSync(contact, 'utf8')}\nThe front desk also takes parcels for the station.\n`);
    const edited = build('edited');
    expect(edited.pagesRendered).toBe(1);
    expect(readFileSync(path.join(root, 'edited/en/contact/index.html'), 'utf8')).toContain('takes parcels');
    // The same sources built reading no cache: what the cached build with one page rendered again wrote.
    const uncached = build('uncached', '--no-cache');
    expect(uncached.bundleReused).toBe(false);
    expect(uncached.pagesRendered).toBe(2 * SMALL_ROUTES.length);
    expect(uncached.search.indexed).toBe(2);
    expect(uncached.buildId).toBe(edited.buildId);
    expect(snapshot(path.join(root, 'uncached'))).toEqual(snapshot(path.join(root, 'edited')));
    // A style changed: every page names the new stylesheet, so every page is rendered again.
    const styles = path.join(root, 'site/templates/styles/print.css');
    writeFileSync(styles, `${readFileSync(styles, 'utf8')}\n@media print { .site-footer { margin-top: 0; } }\n`);
    expect(build('styled').pagesRendered).toBe(2 * SMALL_ROUTES.length);

    const cleared = runCli(['--root', root, 'cache', 'clear'], { env });
    expect(cleared.status, cleared.stderr).toBe(0);
    expect(cleared.stdout).toMatch(/^Removed \d+ cached files, [\d.]+ [KM]B \(bundles [\d.]+ [KM]B, .*pages .*search /);
    expect(readdirSync(path.join(root, 'cache'))).toEqual([]);
    expect(runCli(['--root', root, 'cache', 'clear'], { env }).stdout).toContain('The caches were empty');
  });
});

describe('site routes', () => {
  /** The small site, read by both commands below. */
  let small: string | null = null;
  const smallSite = () => (small ??= makeSite());

  it('prints the route inventory as a table', () => {
    const result = runCli(['--root', smallSite(), 'routes']);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^PATH +NAMES +TEMPLATE +LAYOUT +CONTENT$/);
    expect(lines.at(-1)).toBe(`${SMALL_ROUTES.length} routes`);
    expect(result.stdout).toMatch(
      /\/about\/about-company +about-about-company___zhHant about-about-company___en +about +section +zhHant en/,
    );
    expect(result.stdout).toMatch(/\/news\/newsEn1 +news-newsEn1___zhHant news-newsEn1___en +article +default +en\n/);
  });

  it('--json lists the same routes', () => {
    const rows = JSON.parse(runCli(['--root', smallSite(), 'routes', '--json']).stdout);
    expect(rows.map((r: { path: string }) => r.path).sort()).toEqual([...SMALL_ROUTES].sort());
    expect(rows.find((r: { path: string }) => r.path === '/')).toMatchObject({
      names: ['index___zhHant', 'index___en'],
      template: 'home',
      layout: 'default',
      locales: ['zhHant', 'en'],
    });
  });

  it('--help describes every command', () => {
    const result = runCli(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('build');
    expect(result.stdout).toContain('routes');
    expect(runCli(['build', '--help']).stdout).toContain('--base-url <url>');
  });

  it('--version and -V print the version of site, as its package.json gives it', () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const result = runCli([flag]);
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toBe(version);
    }
  });
});

describe('no version skew', () => {
  it("keeps the previous two builds' chunks and manifests, so their open pages still load, and prunes older ones; a server bundle cut short is made again", () => {
    const root = makeSite();
    const out = path.join(root, 'out');
    const css = path.join(root, 'site/templates/styles/site.css');
    const original = readFileSync(css, 'utf8');
    // What an open page of a build loads: its stylesheets and scripts, the chunks they import, and
    // the app's chunks it loads once idle.
    const appFiles = (html: string, id: string) => [
      ...new Set([
        ...[...html.matchAll(/(?:src|href)="(\/_app\/[^"]+)"/g)].map((m) => m[1] as string),
        ...toIdleScripts(
          toFirstViewScripts(html, (url) =>
            existsSync(path.join(out, url)) ? readFileSync(path.join(out, url), 'utf8') : null,
          ),
          JSON.parse(readFileSync(path.join(out, `builds/meta/${id}.json`), 'utf8')).scripts,
          'article',
        ),
      ]),
    ];
    const builds: { id: string; files: string[] }[] = [];
    for (let i = 0; i < 4; i++) {
      // Each build changes the stylesheet and a template, so its hashed files differ.
      writeFileSync(css, `${original}\n.build-${i} { color: inherit; }\n`);
      const template = path.join(root, 'site/templates/pages/article.tsx');
      writeFileSync(
        template,
        readFileSync(template, 'utf8').replace(/page page--article[\w-]*/, `page page--article page--article-${i}`),
      );
      expect(runCli(['--root', root, 'build', '--out', out]).status).toBe(0);
      const id = JSON.parse(readFileSync(path.join(out, 'builds/latest.json'), 'utf8')).id as string;
      const html = readFileSync(path.join(out, 'en/news/news3/index.html'), 'utf8');
      builds.push({ id, files: appFiles(html, id) });
    }
    const exists = (file: string) => existsSync(path.join(out, file));
    const [first, second, third, fourth] = builds as [
      (typeof builds)[0],
      (typeof builds)[0],
      (typeof builds)[0],
      (typeof builds)[0],
    ];
    expect(first.files.some((f) => !fourth.files.includes(f))).toBe(true);
    for (const build of [second, third, fourth]) {
      for (const file of build.files) expect(exists(file), `${build.id} ${file}`).toBe(true);
      expect(exists(`/builds/meta/${build.id}.json`)).toBe(true);
    }
    expect(
      first.files
        .filter((f) => !fourth.files.includes(f) && !third.files.includes(f) && !second.files.includes(f))
        .some(exists),
    ).toBe(false);
    expect(exists(`/builds/meta/${first.id}.json`)).toBe(false);
    const meta = JSON.parse(readFileSync(path.join(out, `builds/meta/${fourth.id}.json`), 'utf8'));
    expect(meta.kept).toEqual([third.id, second.id]);
    // Nothing changed: the same build, its kept builds included, byte for byte, even with the
    // templates' server bundle cut short in the cache: it is made again, as it was. (The article
    // template of the last build is this test's own: no other test's build reads that bundle.)
    const before = snapshot(out);
    const cacheDir = path.join(REPO_ROOT, 'node_modules/.cache/site/server');
    // The newest that holds it: an earlier run, of other templates, may have left one as well.
    const bundle = readdirSync(cacheDir)
      .filter((name) => /^server\..+\.cjs$/.test(name))
      .map((name) => path.join(cacheDir, name))
      .filter((file) => readFileSync(file, 'utf8').includes('page page--article page--article-3'))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    if (!bundle) throw new Error("no server bundle holds the last build's article template");
    const whole = readFileSync(bundle);
    writeFileSync(bundle, whole.subarray(0, 1000));
    const again = runCli(['--root', root, 'build', '--out', out]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('internal error');
    expect(snapshot(out)).toEqual(before);
    expect(readFileSync(bundle).equals(whole)).toBe(true);
  });
});

describe('site build --precompress', () => {
  /** Every file of a folder by its path relative to it. */
  const listFiles = (dir: string) => Object.keys(snapshot(dir));
  const TEXT = /\.(html|json|js|css|svg|xml|txt)$/;

  /** Each text file above 1 KB has a .gz and a .br that decompress to its exact bytes; nothing else has one. */
  function expectPrecompressed(out: string): number {
    const files = listFiles(out);
    const all = new Set(files);
    let compressed = 0;
    for (const file of files.filter((f) => !/\.(gz|br)$/.test(f))) {
      const bytes = readFileSync(path.join(out, file));
      const expected = TEXT.test(file) && bytes.byteLength > 1024;
      expect(all.has(`${file}.gz`), `${file}.gz`).toBe(expected);
      expect(all.has(`${file}.br`), `${file}.br`).toBe(expected);
      if (!expected) continue;
      compressed += 1;
      expect(gunzipSync(readFileSync(path.join(out, `${file}.gz`))).equals(bytes), `${file}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(path.join(out, `${file}.br`))).equals(bytes), `${file}.br`).toBe(true);
    }
    for (const file of files.filter((f) => /\.(gz|br)$/.test(f))) expect(all.has(file.slice(0, -3)), file).toBe(true);
    return compressed;
  }

  it('writes .gz and .br beside every text file above 1 KB', () => {
    const { roots, results } = twoFolders();
    const out = path.join(roots[0], 'out');
    const result = results[0] as CliResult;
    expect(result.status, result.stderr).toBe(0);
    const compressed = expectPrecompressed(out);
    expect(compressed).toBeGreaterThanOrEqual(2 * SMALL_ROUTES.length);
    expect(result.stdout).toContain(`${compressed} text files precompressed (.gz and .br beside each)`);
    for (const host of ['nginx.conf', '_headers', '_redirects'])
      expect(existsSync(path.join(out, `${host}.gz`)), host).toBe(false);
    // Compressed well: brotli beats gzip, and both are a fraction of the page.
    const page = (suffix: string) => statSync(path.join(out, `en/services/service-ramp/index.html${suffix}`)).size;
    expect(page('.br')).toBeLessThan(page('.gz'));
    expect(page('.gz')).toBeLessThan(page('') / 3);
  });

  it('a rebuild compresses the new pages, keeps the old chunks compressed, and a plain build leaves none', () => {
    // The second of the two folders, built with --precompress (its bytes compared above).
    const { roots, results } = twoFolders();
    expect(results[1]?.status).toBe(0);
    const root = roots[1];
    const out = path.join(root, 'out');
    const cssName = () => readdirSync(path.join(out, '_app')).filter((f) => /^site\.\w+\.css$/.test(f));
    const [oldCss] = cssName();
    const article = path.join(root, 'site/content/news/news3.en.md');
    writeFileSync(article, `${readFileSync(article, 'utf8')}\nA sentence added after the first build.\n`);
    const css = path.join(root, 'site/templates/styles/site.css');
    writeFileSync(css, `${readFileSync(css, 'utf8')}\n.rebuilt { color: inherit; }\n`);
    expect(runCli(['--root', root, 'build', '--out', out, '--precompress']).status).toBe(0);
    expectPrecompressed(out);
    const page = brotliDecompressSync(readFileSync(path.join(out, 'en/news/news3/index.html.br'))).toString('utf8');
    expect(page).toContain('A sentence added after the first build.');
    // The previous build's stylesheet stays for pages still open, compressed like the new one.
    expect(cssName()).toHaveLength(2);
    expect(existsSync(path.join(out, `_app/${oldCss}.br`))).toBe(true);

    expect(runCli(['--root', root, 'build', '--out', out]).status).toBe(0);
    expect(listFiles(out).filter((f) => /\.(gz|br)$/.test(f))).toEqual([]);
  });
});

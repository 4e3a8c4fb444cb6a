import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { listPublicFiles } from '../../generator/load/templates.ts';
import { buildSite } from '../../generator/pipeline/build.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';

import { makeSite, removeSites, REPO_ROOT } from '../helpers/make-site.ts';
import { snapshotTree } from '../helpers/tree.ts';

// What `site` does with a careless or hostile input, run as a user runs it: the exit code, the
// error code, where it points, and that nothing was replaced, published or printed that must not be.

afterAll(removeSites);

const build = (root: string, out: string, env?: Record<string, string>) =>
  runCli(['--root', root, 'build', '--out', out], env ? { env } : {});

/** A failed command: exit 1, the code, a clear report and no stack trace. */
function expectRefused(result: CliResult, code: string): void {
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(code);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
}

const leftovers = (dir: string) => readdirSync(dir).filter((f) => /^\.out\.(staging|previous)-/.test(f));

/**
 * One small site built once, for the tests that break one file of it and find its output as it was;
 * the crash tests, last in this file, then leave a new output. Built in process: what the tests run
 * as a user does are the builds that follow.
 */
let built: { root: string; out: string; before: ReturnType<typeof snapshotTree> } | null = null;
async function builtSite(): Promise<NonNullable<typeof built>> {
  if (!built) {
    const root = makeSite();
    const out = path.join(root, 'out');
    await buildSite({ root, outDir: out });
    built = { root, out, before: snapshotTree(out) };
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

describe('the output folder is the tool’s own', () => {
  it('refuses a folder it did not write, and leaves every file of it as it was', () => {
    const root = makeSite({ 'docs/guide.md': '# The team guide\n', 'docs/img/plan.png': 'not really a png' });
    const docs = path.join(root, 'docs');
    const before = snapshotTree(docs);
    const result = build(root, docs);
    expectRefused(result, 'OUT_DIR_NOT_OURS');
    expect(result.stderr).toContain(docs);
    expect(result.stderr).toContain('2 entries (guide.md, img)');
    expect(result.stderr).toContain('.site-output');
    expect(snapshotTree(docs)).toEqual(before);
    expect(readdirSync(root).filter((f) => f.includes('staging'))).toEqual([]);
  });

  // The rule itself, in process (one build per case would cost a Node start each); how the CLI
  // reports it is checked above, for the home folder below, and in build-cli.test.ts.
  it.each([
    ['the project itself', (root: string) => root, 'it is the project itself'],
    ['an ancestor of the project', (root: string) => path.dirname(root), 'it holds the project'],
    ['the file system root', () => '/', 'it is the root of the file system'],
    ['the Git folder', (root: string) => path.join(root, '.git'), "inside the project's Git folder"],
    ['the sources', (root: string) => path.join(root, 'site/public'), "inside the site's sources"],
    ['a folder holding a package.json', (root: string) => path.join(root, 'tools'), 'holds `package.json`'],
    ['a folder holding site/', (root: string) => path.join(root, 'vendored'), 'holds `site`'],
  ])('never writes over %s', async (_, toOut, reason) => {
    const root = makeSite({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'tools/package.json': '{}',
      'vendored/site/x.txt': 'another project',
    });
    const out = toOut(root);
    // The system's temporary folder (the project's parent) changes under other tests: not compared.
    const before = existsSync(out) && out !== '/' && out !== path.dirname(root) ? snapshotTree(out) : null;
    const refused = await buildSite({ root, outDir: out }).catch((error: SiteError) => error);
    expect(refused).toBeInstanceOf(SiteError);
    const [problem] = (refused as SiteError).problems;
    expect(problem?.code).toBe('OUT_DIR_UNSAFE');
    expect(problem?.message).toContain(reason);
    if (before) expect(snapshotTree(out)).toEqual(before);
    expect(readdirSync(path.dirname(out)).filter((f) => f.includes('.staging-'))).toEqual([]);
  });

  it('never writes over the home folder', () => {
    const root = makeSite();
    const home = mkdtempSync(path.join(tmpdir(), 'site-home-'));
    onTestFinished(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(path.join(home, 'notes.txt'), 'mine');
    const result = build(root, home, { HOME: home });
    expectRefused(result, 'OUT_DIR_UNSAFE');
    expect(result.stderr).toContain('it is your home folder');
    expect(readFileSync(path.join(home, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('site serve refuses a folder that is not its own, before serving or writing it', () => {
    const root = makeSite({ 'private/diary.txt': 'not for the web' });
    const result = runCli(['--root', root, 'serve', '--port', '0', '--out', path.join(root, 'private')]);
    expectRefused(result, 'OUT_DIR_NOT_OURS');
    expect(readdirSync(path.join(root, 'private'))).toEqual(['diary.txt']);
  });
});

describe('nothing outside the project is read into the output', () => {
  const secret = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-outside-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'secret.md'), 'SECRET-LINE-ONE token=hunter2\n---\ntitle: x\n---\n');
    writeFileSync(path.join(dir, 'common.json'), '{"SECRET":"hunter2"}');
    return dir;
  };

  it('a link to /etc, to the environment and to an outside Markdown file, and a dangling link: errors naming link and target, nothing published, nothing printed', async () => {
    const outside = secret();
    const { root, out, before } = await builtSite();
    const links = [
      ['/etc', 'site/public/etc'],
      ['/proc/self/environ', 'site/public/env.txt'],
      [path.join(outside, 'secret.md'), 'site/content/news/news99.en.md'],
      [path.join(outside, 'common.json'), 'site/locales/en/extra.json'],
      ['/no/such/file', 'site/public/gone.txt'],
    ] as const;
    for (const [target, name] of links) symlinkSync(target, path.join(root, name));
    const result = (() => {
      try {
        return build(root, out, { SITE_SECRET_TOKEN: 'hunter2' });
      } finally {
        for (const [, name] of links) rmSync(path.join(root, name));
      }
    })();
    expectRefused(result, 'SYMLINK_OUTSIDE');
    expect(result.stderr).toMatch(/site\/public\/etc:1:1 +SYMLINK_OUTSIDE/);
    expect(result.stderr).toContain('points outside the project, to /etc');
    expect(result.stderr).toMatch(/site\/public\/env\.txt:1:1 +SYMLINK_OUTSIDE/);
    expect(result.stderr).toMatch(/site\/content\/news\/news99\.en\.md:1:1 +SYMLINK_OUTSIDE/);
    expect(result.stderr).toMatch(/site\/locales\/en\/extra\.json:1:1 +SYMLINK_OUTSIDE/);
    expectRefused(result, 'SYMLINK_BROKEN');
    expect(result.stderr).toMatch(/site\/public\/gone\.txt:1:1 +SYMLINK_BROKEN/);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('SECRET-LINE-ONE');
    expect(snapshotTree(out)).toEqual(before);
  });

  it('links inside the project are followed, a hidden one (an editor lock) never', () => {
    const root = makeSite({ 'shared/brochure.txt': 'CloudWing brochure' });
    const out = path.join(root, 'out');
    symlinkSync(path.join(root, 'shared/brochure.txt'), path.join(root, 'site/public/brochure.txt'));
    symlinkSync(path.join(root, 'site/public/images'), path.join(root, 'site/public/pictures'));
    // Emacs marks a file with unsaved changes by a link to nothing beside it; a hidden link is not followed.
    symlinkSync('editor@host.4242:1700000000', path.join(root, 'site/content/.#contact.en.md'));
    symlinkSync('/etc/passwd', path.join(root, 'site/public/.passwd'));
    const result = build(root, out);
    expect(result.stderr).not.toContain('SYMLINK_');
    expect(result.stderr).toContain('1 hidden file in site/public was not published: .passwd');
    expect(result.status).toBe(0);
    expect(existsSync(path.join(out, '.passwd'))).toBe(false);
    expect(readFileSync(path.join(out, 'brochure.txt'), 'utf8')).toBe('CloudWing brochure');
    expect(existsSync(path.join(out, 'pictures/service-cargo.svg'))).toBe(true);
  });

  it("publishes .well-known/ and skips other hidden files and editors' leftovers, with one warning of each that lists them", () => {
    const root = makeSite({
      'site/public/.well-known/security.txt': 'Contact: mailto:security@cloudwing.example\n',
      'site/public/.env': 'SECRET=1',
      'site/public/.DS_Store': 'x',
      'site/public/images/.thumbs/a.png': 'x',
      'site/public/images/Thumbs.db': 'x',
      'site/public/logo.svg~': '<svg/>',
      'site/public/#brochure.txt#': 'draft',
      'site/public/press/about-us.txt': 'kept',
    });
    const out = path.join(root, 'out');
    const result = build(root, out);
    expect(result.status).toBe(0);
    expect(readFileSync(path.join(out, '.well-known/security.txt'), 'utf8')).toContain('security@');
    expect(existsSync(path.join(out, '.env'))).toBe(false);
    expect(existsSync(path.join(out, '.DS_Store'))).toBe(false);
    expect(existsSync(path.join(out, 'images/.thumbs'))).toBe(false);
    expect(result.stderr.match(/PUBLIC_DOTFILES_SKIPPED/g)).toHaveLength(1);
    expect(result.stderr).toContain(
      '3 hidden files in site/public were not published: .DS_Store, .env, images/.thumbs/',
    );
    // What editors and Windows's file browser leave behind: a backup, an auto-save, a thumbnail cache.
    for (const file of ['images/Thumbs.db', 'logo.svg~', '#brochure.txt#'])
      expect(existsSync(path.join(out, file)), file).toBe(false);
    expect(readFileSync(path.join(out, 'press/about-us.txt'), 'utf8')).toBe('kept');
    expect(result.stderr).toContain(
      '3 files in site/public that editors and file browsers leave behind were not published: #brochure.txt#, images/Thumbs.db, logo.svg~.',
    );
  });
});

describe('the output never publishes itself', () => {
  it('a link in site/public to the output folder, a file in it, a folder above it, a staging folder beside it or the cache: refused at the link, naming where it points', async () => {
    const root = makeSite();
    const out = path.join(root, 'dist', 'site');
    // The output the links point into, built in process; the refusal is the command's.
    await buildSite({ root, outDir: out });
    const before = snapshotTree(out);
    // A build of a process still running writes beside the output: the next build leaves it be.
    const staging = path.join(root, 'dist', `.site.staging-${process.pid}-0`);
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'index.html'), '<p>half written</p>');
    const cache = path.join(root, 'cache');
    mkdirSync(cache);
    const link = (target: string, name: string) => symlinkSync(target, path.join(root, 'site/public', name));
    link(out, 'old');
    link('../../dist/site/sitemap.xml', 'sitemap-old.xml');
    link('../../dist', 'dist');
    link(staging, 'staging');
    link('../../cache', 'cache');
    const result = build(root, out, { SITE_CACHE_DIR: cache });
    expectRefused(result, 'SYMLINK_INTO_OUTPUT');
    const real = (dir: string) => realpathSync(dir);
    for (const [file, what, target] of [
      ['old', 'the output folder', real(out)],
      ['sitemap-old.xml', 'the output folder', path.join(real(out), 'sitemap.xml')],
      ['dist/site', 'the output folder', real(out)],
      ['staging', 'a folder a build writes its output into', real(staging)],
      ['cache', "the build's cache folder", real(cache)],
    ])
      expect(result.stderr).toContain(
        `error site/public/${file}:1:1  SYMLINK_INTO_OUTPUT\n  site/public/${file} resolves into ${what}, ${target}:`,
      );
    expect(result.stderr.match(/SYMLINK_INTO_OUTPUT/g)).toHaveLength(5);
    expect(snapshotTree(out)).toEqual(before);
  });

  it('any path into the output folder or the folders beside it, by any link: refused, the one problem at the link', async () => {
    const root = makeSite();
    const config = await loadConfig(root);
    const out = realpathSync(mkdtempSync(path.join(root, 'out-')));
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    const place = fc.constantFrom(
      out,
      `${path.dirname(out)}/.${path.basename(out)}.staging-1-a`,
      `${path.dirname(out)}/.${path.basename(out)}.previous-1-a`,
    );
    const name = path.join(root, 'site/public/linked');
    await fc.assert(
      fc.asyncProperty(place, fc.array(segment, { maxLength: 3 }), fc.boolean(), async (dir, segments, relative) => {
        const target = path.join(dir, ...segments);
        mkdirSync(target, { recursive: true });
        symlinkSync(relative ? path.relative(path.dirname(name), target) : target, name);
        try {
          const listed = await listPublicFiles(config, out);
          expect(listed.problems.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual([
            ['SYMLINK_INTO_OUTPUT', 'site/public/linked', 1],
          ]);
          expect(listed.files.filter((f) => f.startsWith('linked'))).toEqual([]);
        } finally {
          rmSync(name);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('clear messages', () => {
  it('an error in a shared component is reported once, with how many pages it broke', () => {
    const footer = path.join('site/templates/components/Footer.tsx');
    const root = makeSite();
    const source = readFileSync(path.join(root, footer), 'utf8');
    writeFileSync(
      path.join(root, footer),
      source.replace('export default function Footer() {', "$&\n  throw new Error('the footer is broken');"),
    );
    const result = build(root, path.join(root, 'out'));
    expectRefused(result, 'RENDER_FAILED');
    expect(result.stderr.match(/RENDER_FAILED/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/Footer\.tsx:\d+:\d+ +RENDER_FAILED/);
    expect(result.stderr).toMatch(/the footer is broken \(content: [^)]+\); the same error broke \d{2,3} other pages/);
    expect(result.stderr.split('\n').length).toBeLessThan(30);
  });

  it('site code that calls process.exit (the configuration, a template as it renders) fails the build, never ends it quietly', async () => {
    const { root, out, before } = await builtSite();
    const config = readFileSync(path.join(root, 'site/site.config.ts'), 'utf8');
    const quits = withFile(root, 'site/site.config.ts', `${config}\nprocess.exit(0);\n`, () => build(root, out));
    expectRefused(quits, 'CONFIG_LOAD');
    expect(quits.stderr).toContain('it called process.exit(0), which would end the whole command with nothing built');
    const template = 'site/templates/pages/article.tsx';
    const source = readFileSync(path.join(root, template), 'utf8');
    const rendering = withFile(
      root,
      template,
      source.replace(
        'export default function ArticlePage() {',
        '$&\n  if (typeof window === "undefined") process.exit(0);',
      ),
      () => build(root, out),
    );
    expectRefused(rendering, 'RENDER_FAILED');
    expect(rendering.stderr).toMatch(/site\/templates\/pages\/article\.tsx:\d+:\d+ +RENDER_FAILED/);
    expect(snapshotTree(out)).toEqual(before);
  });

  it('a template that throws as its module loads is named at its line, and the previous output stays', async () => {
    const template = 'site/templates/pages/article.tsx';
    const { root, out, before } = await builtSite();
    const source = readFileSync(path.join(root, template), 'utf8');
    const result = withFile(
      root,
      template,
      `${source}\nconst broken = (globalThis as any).nothing.here;\nexport { broken };\n`,
      () => build(root, out),
    );
    expectRefused(result, 'TEMPLATE_LOAD_FAILED');
    const line = source.split('\n').length + 1;
    expect(result.stderr).toMatch(new RegExp(`site/templates/pages/article\\.tsx:${line}:\\d+ +TEMPLATE_LOAD_FAILED`));
    expect(result.stderr).toContain("Cannot read properties of undefined (reading 'here')");
    expect(result.stderr).not.toContain('internal error');
    expect(snapshotTree(out)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });

  it('a share card layout that throws, that satori cannot draw, or that calls process.exit, is named with the page, not as an internal error', async () => {
    const layout = 'site/templates/ShareCard.tsx';
    const { root, out, before } = await builtSite();
    const source = readFileSync(path.join(root, layout), 'utf8');
    for (const [change, reason, at] of [
      [
        (source: string) =>
          source.replace(
            /^ {2}const title = .*$/m,
            "$&\n  if (title.length >= 0) throw new Error('the card is broken');",
          ),
        'the card is broken',
        /ShareCard\.tsx:\d+:\d+ +CARD_FAILED/,
      ],
      [
        // An image by a path of the site: satori draws only images given by data or an absolute URL.
        (source: string) => source.replace('<img src={logo}', '<img src="/logo.svg"'),
        'Image source must be an absolute URL: /logo.svg',
        /ShareCard\.tsx:1:1 +CARD_FAILED/,
      ],
      [
        // In a card worker, process.exit ended the worker: the cards it had not drawn were left out.
        (source: string) => source.replace(/^ {2}const title = .*$/m, '$&\n  if (title.length > 0) process.exit(0);'),
        'it called process.exit(0)',
        /ShareCard\.tsx:\d+:\d+ +CARD_FAILED/,
      ],
    ] as const) {
      const broken = change(source);
      expect(broken).not.toBe(source);
      const result = withFile(root, layout, broken, () => build(root, out));
      expectRefused(result, 'CARD_FAILED');
      expect(result.stderr).toMatch(at);
      expect(result.stderr).toMatch(/The share card of \/\S* could not be drawn/);
      expect(result.stderr).toContain(reason);
      expect(result.stderr).not.toContain('internal error');
      expect(snapshotTree(out)).toEqual(before);
      expect(leftovers(root)).toEqual([]);
    }
  });

  it('a logo that is no well-formed SVG is named at its position, not as an internal error', async () => {
    const { root, out, before } = await builtSite();
    const result = withFile(
      root,
      'site/public/logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">\n  <rect width="40" height="40"\n',
      () => build(root, out),
    );
    expectRefused(result, 'LOGO_INVALID');
    expect(result.stderr).toMatch(/site\/public\/logo\.svg:\d+:\d+ +LOGO_INVALID/);
    expect(result.stderr).toContain('site/public/logo.svg could not be drawn');
    expect(result.stderr).not.toContain('internal error');
    expect(snapshotTree(out)).toEqual(before);
  });

  it('an output folder given as a link builds into the folder it points at, and the link stays a link; an empty folder, its own output (marked) and an output written before the marker existed are replaced', () => {
    const root = makeSite();
    const place = mkdtempSync(path.join(tmpdir(), 'site-linked-out-'));
    try {
      // An empty folder, reached through a link: the first build replaces it, the second its own output.
      const target = path.join(place, 'www');
      mkdirSync(target);
      writeFileSync(path.join(place, 'notes.txt'), 'beside the output');
      const link = path.join(place, 'out');
      symlinkSync(target, link);
      for (const round of [1, 2]) {
        const result = build(root, link);
        expect(result.status, `build ${round}: ${result.stderr}`).toBe(0);
        expect(result.stdout).toContain(`→ ${target}`);
        expect(lstatSync(link).isSymbolicLink()).toBe(true);
        expect(readlinkSync(link)).toBe(target);
        expect(existsSync(path.join(target, 'index.html'))).toBe(true);
        expect(readFileSync(path.join(target, '.site-output'), 'utf8')).toContain('site build');
        // Nothing left beside the folder: no staging or previous output, the other file as it was.
        expect(readdirSync(place).sort()).toEqual(['notes.txt', 'out', 'www']);
        expect(readFileSync(path.join(place, 'notes.txt'), 'utf8')).toBe('beside the output');
      }
    } finally {
      rmSync(place, { recursive: true, force: true });
    }
    // An earlier version's output: manifests, no marker.
    const legacy = path.join(root, 'legacy');
    mkdirSync(path.join(legacy, 'builds/meta'), { recursive: true });
    writeFileSync(path.join(legacy, 'builds/latest.json'), '{"id":"x","timestamp":1}');
    writeFileSync(path.join(legacy, 'index.html'), '<!doctype html>');
    expect(build(root, legacy).status).toBe(0);
  });

  it('--root pointing nowhere says so, not "fix the syntax"', () => {
    const result = runCli(['--root', '/nonexistent/project', 'build']);
    expectRefused(result, 'CONFIG_MISSING');
    expect(result.stderr).toContain('/nonexistent/project/site/site.config.ts');
    expect(result.stderr).toContain('--root');
    expect(result.stderr).not.toMatch(/syntax/i);
  });
});

describe('hostile content, through the CLI: an error at its file and line, the previous output untouched', () => {
  const ARTICLE = 'site/content/news/news3.en.md';
  let root: string;
  let out: string;
  let good: string;
  let before: Record<string, string>;
  beforeAll(async () => {
    ({ root, out, before } = await builtSite());
    good = readFileSync(path.join(root, ARTICLE), 'utf8');
  });
  afterEach(() => {
    writeFileSync(path.join(root, ARTICLE), good);
    rmSync(path.join(root, 'site/content/news/news 14.en.md'), { force: true });
  });

  const bomb = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
    'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
    'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
    'f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
  ].join('\n');
  it.each([
    ['an impossible date', () => good.replace('date: 2024-05-28', 'date: 2026-13-45'), 'FRONT_MATTER_INVALID', 6],
    ['a YAML alias bomb', () => good.replace('order: 0', `order: 0\n${bomb}`), 'FRONT_MATTER_SYNTAX', 9],
    [
      'a javascript: image',
      () => good.replace(/^image: .*$/m, 'image: "javascript:alert(1)"'),
      'FRONT_MATTER_INVALID',
      readFileSync(path.join(REPO_ROOT, ARTICLE), 'utf8')
        .split('\n')
        .findIndex((line) => line.startsWith('image: ')) + 1,
    ],
    [
      'a malformed percent-escape in a link',
      () => `${good.trimEnd()}\n\nWrite to [us](/en/contact%E0%A4).\n`,
      'LINK_MALFORMED',
      readFileSync(path.join(REPO_ROOT, ARTICLE), 'utf8').trimEnd().split('\n').length + 2,
    ],
  ])('%s', (_, edit, code, line) => {
    writeFileSync(path.join(root, ARTICLE), edit());
    const result = build(root, out);
    expectRefused(result, code);
    expect(result.stderr).toMatch(new RegExp(`${ARTICLE.replace(/[./]/g, '\\$&')}:${line}:\\d+ +${code}`));
    expect(snapshotTree(out)).toEqual(before);
  });

  it('a file name outside the rule, and a file too large to read', () => {
    writeFileSync(path.join(root, 'site/content/news/news 14.en.md'), good);
    const named = build(root, out);
    expectRefused(named, 'CONTENT_FILE_NAME');
    expect(named.stderr).toMatch(/site\/content\/news\/news 14\.en\.md:1:1 +CONTENT_FILE_NAME/);
    expect(named.stderr).toContain('a space');
    rmSync(path.join(root, 'site/content/news/news 14.en.md'));
    writeFileSync(path.join(root, ARTICLE), `${good}\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    const large = build(root, out);
    expectRefused(large, 'CONTENT_TOO_LARGE');
    expect(large.stderr).toMatch(/news3\.en\.md:1:1 +CONTENT_TOO_LARGE/);
    expect(snapshotTree(out)).toEqual(before);
  });
});

describe('crash-proof output: a build killed at any step', () => {
  // `rendering` stops before the pages are written, `out-moved` between the two renames of the swap,
  // `staging-moved` after them, before the previous output is removed.
  // The shared site for the three steps, last of its tests: each starts from the whole output the
  // one before left (the last leaves a new one), and puts the article back as it was.
  it.each(['rendering', 'out-moved', 'staging-moved'])(
    'killed at %s: the next command finds the previous or the new output whole and removes the leftovers',
    async (step) => {
      const { root, out } = await builtSite();
      const previous = snapshotTree(out);
      const article = path.join(root, 'site/content/news/news3.en.md');
      const good = readFileSync(article, 'utf8');
      onTestFinished(() => writeFileSync(article, good));
      writeFileSync(article, good.replace(/^title: .*$/m, 'title: A new title for the third article'));

      const killed = build(root, out, { SITE_TEST_KILL_AT: step });
      expect(killed.status).toBe(null);
      expect(leftovers(root).length).toBeGreaterThan(0);
      const complete = step === 'staging-moved';
      if (step === 'out-moved') expect(existsSync(out)).toBe(false);
      const expected = complete ? snapshotTree(out) : previous;

      // The next command, even one that fails on bad input, first puts the output back.
      writeFileSync(article, good.replace(/^title: .*$/m, 'title: [broken'));
      const failed = build(root, out);
      expectRefused(failed, 'FRONT_MATTER_SYNTAX');
      expect(snapshotTree(out)).toEqual(expected);
      expect(leftovers(root)).toEqual([]);
      if (step === 'out-moved') expect(failed.stderr).toContain('OUTPUT_RECOVERED');
    },
  );
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';

// `site new` (behaviour.md: CLI), through the real CLI: a page started in every locale as a draft,
// with its siblings' settings, or refused with nothing written.

afterAll(removeSites);

// 2026-06-01 16:30 UTC is already 2 June in Taiwan: the date is the company's day, not UTC's.
const EPOCH = String(Date.UTC(2026, 5, 1, 16, 30) / 1000);
const TODAY = '2026-06-02';

interface NewReport {
  path: string;
  files: { locale: string; file: string }[];
  settings: { template: string; layout: string; date?: string; order?: number; draft: true };
  next: string[];
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

/** The front matter's lines of a file, as written. */
const frontMatter = (text: string) => text.split('---\n')[1]?.trim().split('\n') ?? [];

/** Every file of the site folder, to show that a refusal wrote nothing. */
const listSite = (root: string) =>
  readdirSync(path.join(root, 'site'), { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .sort();

const newPage = (root: string, page: string, ...args: string[]) =>
  runCli(['--root', root, 'new', page, ...args], { env: { SOURCE_DATE_EPOCH: EPOCH } });

describe('site new', () => {
  it("starts an article in both locales as a draft, with its siblings' template and layout and the day of SOURCE_DATE_EPOCH", () => {
    const root = makeSite();
    const result = newPage(root, 'news/news14');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const zh = 'site/content/news/news14.zhHant.md';
    const en = 'site/content/news/news14.en.md';
    expect(result.stdout).toContain(`Started /news/news14 as a draft (template article, layout default, date ${TODAY}`);
    expect(result.stdout).toContain(`  ${zh}\n  ${en}\n`);
    expect(result.stdout).toContain('npx site translations done /news/news14');
    expect(result.stdout).toContain('remove the line `draft: true`');
    // The news articles all carry `order: 0`: an article takes theirs, and is listed by its date.
    const settings = ['template: article', 'layout: default', `date: ${TODAY}`, 'order: 0', 'draft: true'];
    expect(frontMatter(read(root, zh)).slice(2)).toEqual(settings);
    expect(frontMatter(read(root, en)).slice(2)).toEqual(settings);
    expect(read(root, zh)).toMatch(/^---\ntitle: "草稿：請填寫標題（\/news\/news14）"\ndescription: "草稿：/);
    expect(read(root, zh)).toContain('準備發布時，請刪除每個語言版本檔頭中 `draft: true` 這一行。');
    expect(read(root, en)).toMatch(
      /^---\ntitle: "Draft: write the title \(\/en\/news\/news14\)"\ndescription: "Draft: /,
    );
    expect(read(root, en)).toContain(`Once \`${zh}\` is written, translate`);
  });

  it('gives a section page the next order and names the label it needs; a new section has the defaults', () => {
    const root = makeSite();
    const result = newPage(root, 'about/about-safety', '--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as NewReport;
    // The small site's about pages carry the orders 0, 1 and 8; most use the `about` template.
    expect(report).toMatchObject({
      path: '/about/about-safety',
      files: [
        { locale: 'zhHant', file: 'site/content/about/about-safety.zhHant.md' },
        { locale: 'en', file: 'site/content/about/about-safety.en.md' },
      ],
      settings: { template: 'about', layout: 'section', order: 9, draft: true },
    });
    expect(report.settings.date).toBeUndefined();
    expect(report.next.join('\n')).toContain(
      'add "about-about-safety" to site/locales/zhHant/sidenav.json and site/locales/en/sidenav.json',
    );
    const en = read(root, 'site/content/about/about-safety.en.md');
    expect(frontMatter(en).slice(2)).toEqual(['template: about', 'layout: section', 'order: 9', 'draft: true']);

    const section = JSON.parse(newPage(root, 'careers/overview', '--json').stdout) as NewReport;
    expect(section.settings).toEqual({ template: 'page', layout: 'default', draft: true });
    expect(read(root, 'site/content/careers/overview.zhHant.md')).toContain('draft: true');
  });

  it('writes drafts that site build accepts, once labelled as the next steps say', () => {
    const root = makeSite();
    expect(newPage(root, 'news/news14').status).toBe(0);
    expect(newPage(root, 'about/about-safety').status).toBe(0);
    for (const [locale, label] of [
      ['zhHant', '安全'],
      ['en', 'Safety'],
    ] as const) {
      const file = path.join(root, `site/locales/${locale}/sidenav.json`);
      const labels = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      writeFileSync(file, JSON.stringify({ ...labels, 'about-about-safety': label }, null, 2));
    }
    const build = runCli(['--root', root, 'build', '--out', path.join(root, 'out'), '--base-url', ''], {
      env: { SOURCE_DATE_EPOCH: EPOCH },
    });
    expect(build.stderr).not.toMatch(/^error /m);
    expect(build.status).toBe(0);
  });

  it('refuses a bad name, a page that exists and a path out of site/content, and writes nothing', () => {
    const root = makeSite();
    const outside = mkdtempSync(path.join(tmpdir(), 'site-new-outside-'));
    symlinkSync(outside, path.join(root, 'site/content/linked'));
    const before = listSite(root);
    const refusals: [string, string, string][] = [
      ['news/News 14', 'CONTENT_FILE_NAME', '`News 14` holds a space and starts with `N`'],
      ['news/news_14', 'CONTENT_FILE_NAME', 'Start it as `site new news/news-14`'],
      ['news/news3', 'NEW_PAGE_EXISTS', 'site/content/news/news3.en.md is one of its files'],
      ['news/index', 'NEW_PAGE_EXISTS', 'The page /news exists already: site/content/news.zhHant.md'],
      ['../outside', 'NEW_PAGE_PATH', 'the path holds `..`'],
      ['news/../../outside', 'NEW_PAGE_PATH', 'the path holds `..`'],
      ['/etc/passwd', 'NEW_PAGE_PATH', 'the path is absolute'],
      ['/news/news14', 'NEW_PAGE_PATH', 'Write it from site/content: `site new news/news14`'],
      ['news/news14.en.md', 'NEW_PAGE_PATH', 'Leave out the locale and `.md`: `site new news/news14`'],
      ['linked/page', 'NEW_PAGE_PATH', 'leads out of the project through a symbolic link'],
      ['strengths/homemade/eq9', 'NEW_PAGE_FOLDER_MISSING', 'site/content/strengths holds the folders'],
    ];
    for (const [page, code, text] of refusals) {
      const result = newPage(root, page);
      expect(result.status, page).toBe(1);
      expect(result.stdout, page).toBe('');
      expect(result.stderr, page).toContain(code);
      expect(result.stderr, page).toContain(text);
      expect(result.stderr, page).toContain('Nothing was written.');
      expect(result.stderr, page).toMatch(/Starting the page failed: \d errors?\./);
      expect(result.stderr, page).not.toMatch(/^\s+at /m);
    }
    expect(newPage(root, 'news/news3').stderr).toContain('site/content/news/news3.zhHant.md is one of its files');
    expect(readdirSync(outside)).toEqual([]);
    expect(listSite(root)).toEqual(before);
    rmSync(outside, { recursive: true, force: true });
  });
});

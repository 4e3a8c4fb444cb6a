import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ArgsOf, type ErrorCode } from '../../generator/problems/catalogue.ts';
import { isProblemOf, toProblem } from '../../generator/problems/problem.ts';
import type { SiteProblem } from '../../generator/types.ts';

// The least each code may be given: its required arguments. The type makes the table list every
// code of the catalogue, with every argument its entry requires.
const LEAST: { readonly [C in ErrorCode]: ArgsOf<C> } = {
  CONFIG_LOAD: { reason: 'Unexpected "}"' },
  CONFIG_MISSING: { file: '/srv/site/site/site.config.ts', root: '/srv/site' },
  CONFIG_INVALID: { field: 'locales[1].prefix', reason: 'must be one path segment' },
  FRONT_MATTER_SYNTAX: { reason: 'map keys must be unique' },
  FRONT_MATTER_INVALID: { field: 'date', reason: 'must be a date written YYYY-MM-DD' },
  CONTENT_FILE_NAME: { reason: 'does not end in a known locale', locales: 'zhHant, en' },
  FILE_NAME_NOT_UTF8: { file: 'site/public/caf\\xE9.png' },
  ROUTE_DUPLICATE: { path: '/contact', locale: 'en', first: 'contact.en.md', second: 'contact/index.en.md' },
  PUBLIC_FILE_CONFLICT: { file: 'site/public/contact', output: 'contact/index.html', what: 'the page /contact' },
  REDIRECT_OUTSIDE_LOCALE: { from: '/about/old-awards', locale: 'en', prefix: '/en' },
  REDIRECT_COLLISION: { from: '/contact', what: 'the page /contact' },
  REDIRECT_CHAIN: { from: '/careers', to: '/jobs-old', next: '/jobs' },
  REDIRECT_UNKNOWN_TARGET: { from: '/careers', to: '/no-such-page' },
  PAGE_REMOVED: { url: '/en/news/news9' },
  ROUTE_NO_CONTENT: { path: '/careers', expected: 'site/content/careers.zhHant.md' },
  ROUTE_MISSING_LOCALE: {
    path: '/news/news9',
    locale: 'en',
    expected: 'site/content/news/news9.en.md',
    present: 'zhHant',
  },
  ROUTE_SETTINGS_DISAGREE: { path: '/jobs', field: 'order', values: '3 (zhHant), 4 (en)' },
  TEMPLATE_UNKNOWN: { name: 'servise', known: 'page, service, article' },
  LAYOUT_UNKNOWN: { name: 'wide', known: 'default, fallback' },
  TEXT_NOT_UTF8: {},
  MERGE_CONFLICT: {},
  DATE_IN_FUTURE: { date: '2062-05-28', days: '12,965' },
  SOURCE_DATE_EPOCH_INVALID: { value: 'Thu Nov 26 2026' },
  MESSAGES_SYNTAX: { reason: 'Unexpected token } in JSON at position 12' },
  MESSAGES_KEY_TWICE: { key: 'contacts.service', first: '4' },
  MESSAGES_FILE_MISSING: { ns: 'footer', locale: 'en', file: 'site/locales/en/footer.json' },
  MESSAGES_SHAPE: { reason: '`title` is a number' },
  MESSAGE_KEY_MISSING: { locale: 'en', ns: 'common', key: 'readMore', file: 'site/locales/en/common.json' },
  LINK_UNKNOWN_ROUTE: { href: '/en/contcat' },
  LINK_TO_UNPUBLISHED: { href: '/en/news/next', kind: 'draft' },
  IMAGE_UNKNOWN_FILE: { src: '/images/chart.png' },
  IMAGE_NOT_LOCAL: { src: 'https://example.org/chart.png' },
  IMAGE_UNREADABLE: { src: '/images/apron.jpg', reason: 'Input file contains unsupported image format' },
  LINK_MALFORMED: { href: '/en/%zz', reason: '`%zz` starts no escape' },
  CONTENT_TOO_LARGE: { part: 'content file', size: '5 MB', limit: '4 MB' },
  MARKDOWN_TOO_DEEP: { limit: '100' },
  TEXT_INVALID_CHARACTER: { character: 'U+0007', kind: 'a control character' },
  FRONT_MATTER_TYPO: { key: 'templete', setting: 'template' },
  CONTENT_LARGE: { size: '1.5 MB', limit: '1 MB', fileLimit: '4 MB' },
  BASE_URL_MISSING: {},
  BASE_URL_NOT_HTTPS: { url: 'http://cloudwing.example' },
  BUNDLE_FAILED: { reason: 'Expected ")" but found ";"' },
  PUBLIC_MODULE_FAILED: {
    module: 'site/public/images/map.svg.ts',
    output: 'images/map.svg',
    reason: 'its default export returned a number, not the file’s text or bytes',
  },
  TEMPLATE_LOAD_FAILED: { reason: 'site.config is not a function' },
  RENDER_FAILED: { url: '/en/contact', reason: 'Cannot read properties of null' },
  LOGO_INVALID: { reason: 'SVG data parsing failed cause invalid attribute at 1:89' },
  CARD_FAILED: { url: '/en/contact', reason: 'Expected <div> to have explicit "display: flex"' },
  OUTPUT_FAILED: { reason: 'ENOSPC: no space left on device' },
  SEARCH_FAILED: { reason: 'Pagefind could not start' },
  TRANSLATION_STALE: { locale: 'en', what: '/contact', source: 'site/content/contact.zhHant.md', since: '2026-11-02' },
  TRANSLATIONS_UNRECORDED: { file: 'site/translations.lock.json' },
  TRANSLATIONS_USAGE: { given: 'confirm' },
  TRANSLATIONS_UNKNOWN_NAME: { name: '/no-such-page' },
  TRANSLATIONS_RECORD_INVALID: { reason: 'Unexpected token } in JSON at position 12' },
  NEW_PAGE_PATH: { given: '../secrets', reason: 'holds `..`' },
  NEW_PAGE_EXISTS: { path: '/news/news3', file: 'site/content/news/news3.en.md' },
  NEW_PAGE_FOLDER_MISSING: {
    folder: 'site/content/strengths/homemade',
    nearest: 'site/content/strengths',
    known: 'the folders `homemade-equipment`',
  },
  NEW_PAGE_WRITE_FAILED: { file: 'site/content/news/news14.en.md', reason: 'EACCES: permission denied' },
  OUT_DIR_UNSAFE: { dir: '/home/ann', reason: 'it is the home folder' },
  OUT_DIR_NOT_OURS: { dir: '/srv/www', contents: 'notes.txt, photos/' },
  SYMLINK_OUTSIDE: { link: 'site/public/key', target: '/etc/ssl/private/key.pem' },
  SYMLINK_BROKEN: { link: 'site/public/logo.svg', target: 'site/public/old-logo.svg' },
  SYMLINK_INTO_OUTPUT: { link: 'site/public/old', target: '/srv/site/out', what: 'the output folder' },
  OUTPUT_RECOVERED: { dir: '/srv/site/out' },
  CONTENT_FILE_IGNORED: { ending: '.MD' },
  PUBLIC_DOTFILES_SKIPPED: { count: '2', files: '.env, .DS_Store' },
  PUBLIC_LEFTOVERS_SKIPPED: { count: '2', files: 'images/Thumbs.db, logo.svg~' },
  PUBLIC_ACTIVE_CONTENT: { file: 'site/public/logo.svg', what: 'a `<script>` element' },
  NO_BUILD: { dir: '/srv/site/out' },
  BUILD_CONFIG_MISMATCH: { dir: '/srv/site/out', built: 'zhHant, en', now: 'zhHant, en, ja' },
  LINK_BROKEN: { page: '/en/jobs', href: '/en/careers', status: '404' },
  LINK_FRAGMENT_MISSING: { page: '/en/jobs', href: '/en/contact#map' },
  LINK_EXTERNAL_SKIPPED: { count: '12' },
  SEO_ALTERNATE: { page: '/en/jobs', reason: 'x-default is not first' },
  SEO_CANONICAL: { page: '/en/jobs', reason: 'points at /jobs' },
  SHARE_IMAGE: { page: '/en/jobs', reason: '/_app/cards/x.png is 600 × 315' },
  STRUCTURED_DATA: { page: '/en/news/news3', reason: 'its NewsArticle has no `headline`' },
  FEED_INVALID: {
    feed: 'https://cloudwing.example/en/news/feed.xml',
    reason: 'not well-formed: <entry> is never closed',
  },
  APP_ICON_MISSING: { page: '/en/jobs', reason: 'no touch icon or no manifest' },
  SEO_LOCALE: { page: '/en/jobs', reason: '<html lang="zh-Hant"> where the locale is en-US' },
  SEO_TITLE_LONG: { page: '/en/news/news3', title: 'A long headline | CloudWing', width: '70' },
  SEO_ROBOTS: { page: '/en/jobs', reason: 'it has no `max-image-preview:large`' },
  SEO_DUPLICATE: { what: 'title', locale: 'en', value: 'Jobs', pages: '/en/jobs, /en/jobs/jobs-layout' },
  SEO_CROSS_LOCALE_LINK: { page: '/en/jobs', href: '/contact', suggestion: '/en/contact' },
  SEO_SITEMAP: { reason: 'missing' },
  SEO_ERROR_PAGE: { page: '/en/404', reason: 'it is indexable' },
  I18N_KEY_MISSING: { locale: 'en', ns: 'nav', key: 'news', file: 'site/locales/en/nav.json' },
  I18N_KEY_EXTRA: { locale: 'en', ns: 'nav', key: 'blog', reference: 'zhHant' },
  I18N_KEY_UNUSED: { ns: 'common', key: 'oldLabel' },
  I18N_EMPTY: { locale: 'en', ns: 'footer', key: 'address' },
  I18N_PLACEHOLDERS: { ns: 'common', key: 'pages', detail: '{{count}} only in en' },
  I18N_SIMPLIFIED: { char: '机', traditional: '機' },
  I18N_SAME_TEXT: { ns: 'common', key: 'brand', value: 'CloudWing' },
  GLOSSARY_VARIANT: { variant: '總公司', preferred: '總部', english: 'headquarters', glossary: 'docs/glossary.md' },
  MIXED_SCRIPT_SPACE: { found: '控制中心24 小時', glossary: 'docs/glossary.md' },
  STATION_CODE_WIDTH: { found: '(TPE)', glossary: 'docs/glossary.md' },
  HTML_INVALID: { page: '/en/jobs', reason: 'Duplicate ID "map"', rule: 'no-dup-id' },
  BUDGET_EXCEEDED: {
    page: '/en',
    size: '21 KB',
    kind: 'JavaScript',
    when: 'before `load`',
    limit: '20 KB',
    files: '/_app/boot.js',
  },
  FONT_BUDGET_EXCEEDED: { page: '/en', size: '64.2 KB', limit: '60 KB', files: '/fonts/brand.woff2' },
  IMAGE_OVER_BUDGET: { page: '/en/about', src: '/images/apron.jpg', size: '312.4 KB', limit: '200 KB' },
  IMAGE_ALT_MISSING: { page: '/en/about', src: '/images/apron.jpg' },
};

// The codes with optional arguments, given all of them: the type makes the table list every such
// code with every argument.
type WithOptional = { [C in ErrorCode]: ArgsOf<C> extends Required<ArgsOf<C>> ? never : C }[ErrorCode];
const FULL: { readonly [C in WithOptional]: Required<ArgsOf<C>> } = {
  CONFIG_INVALID: { field: 'baseUrl', reason: 'must be an http(s) URL', hint: 'Write `https://example.com`.' },
  FRONT_MATTER_SYNTAX: { reason: '`*a` repeats a value', problem: 'uses an alias', hint: 'Write the value out.' },
  FRONT_MATTER_INVALID: { field: 'image', reason: 'is protocol-relative', hint: 'Start the path with one `/`.' },
  CONTENT_FILE_NAME: { reason: 'breaks the file-name rule', locales: 'zhHant, en', hint: 'Rename it `news-14.en.md`.' },
  MESSAGE_KEY_MISSING: {
    locale: 'en',
    ns: 'common',
    key: 'readMore',
    file: 'site/locales/en/common.json',
    usedBy: 'site/templates/pages/article.tsx',
  },
  LINK_TO_UNPUBLISHED: { href: '/en/news/next', kind: 'scheduled', date: '2026-12-11' },
  LINK_UNKNOWN_ROUTE: { href: '/en/contcat', suggestion: '/en/contact' },
  LINK_MALFORMED: { href: '/en/%zz', reason: '`%zz` starts no escape', hint: 'Write `%25` for a percent sign.' },
  TEXT_NOT_UTF8: { saved: 'UTF-16' },
  PUBLIC_ACTIVE_CONTENT: { file: 'site/public/logo.svg', what: 'an `onload` event handler', host: 'github-pages' },
  TEXT_INVALID_CHARACTER: { character: 'U+0007', kind: 'a control character', escaped: '\\a' },
  OUTPUT_FAILED: { reason: 'ENOSPC: no space left on device, write', code: 'ENOSPC' },
  NEW_PAGE_PATH: { given: '/news/news14', reason: 'is absolute', hint: 'Write `site new news/news14`' },
  RENDER_FAILED: {
    url: '/en/contact',
    reason: 'Cannot read properties of null',
    content: 'site/content/contact.en.md',
    others: '3',
  },
};

// The tables pair each code with its own arguments, checked per code by their types; the calls
// below go through the codes one by one, so they take any code with any arguments.
const toAnyProblem = toProblem as (code: ErrorCode, args: Readonly<Record<string, string>>) => SiteProblem;

/** The problem's text, checked to read as written: no argument missing, each of `shown` in it. */
function expectRendered(problem: SiteProblem, shown: Readonly<Record<string, string>>): void {
  const text = `${problem.message}\n${problem.hint ?? ''}`;
  expect(text, problem.code).not.toMatch(/undefined|\[object /);
  expect(problem.message, problem.code).toMatch(/\.$/);
  for (const [name, value] of Object.entries(shown)) expect(text, `${problem.code}: ${name}`).toContain(value);
}

describe('the catalogue of problems', () => {
  it.each(ERROR_CODES)('%s renders its message and hint from its required arguments alone', (code) => {
    const args: Readonly<Record<string, string>> = LEAST[code];
    const problem = toAnyProblem(code, args);
    expect(problem).toMatchObject({ code, args });
    expectRendered(problem, args);
  });

  it.each(Object.keys(FULL) as WithOptional[])('%s renders its optional arguments when given', (code) => {
    const args: Readonly<Record<string, string>> = FULL[code];
    const optional = Object.entries(args).filter(([name]) => !(name in LEAST[code]));
    expect(optional, code).not.toEqual([]);
    expectRendered(toAnyProblem(code, args), Object.fromEntries(optional));
  });

  it('leaves arguments given as undefined out of the problem', () => {
    const problem = toProblem(
      'LINK_UNKNOWN_ROUTE',
      { href: '/x', suggestion: undefined },
      { file: 'a.md', line: 2, column: 3 },
    );
    expect(problem.args).toEqual({ href: '/x' });
    expect(problem.loc).toEqual({ file: 'a.md', line: 2, column: 3 });
  });

  it('lets a tool read a problem’s arguments once its code is known', () => {
    const problems: SiteProblem[] = [
      toProblem('SEO_SITEMAP', { reason: 'missing' }),
      toProblem('NO_BUILD', { dir: 'out' }),
    ];
    const dirs = problems.flatMap((p) => (isProblemOf(p, ['NO_BUILD', 'OUTPUT_RECOVERED']) ? [p.args.dir] : []));
    expect(dirs).toEqual(['out']);
  });

  it('refuses a missing, misspelt or unknown argument at compile time', () => {
    // Never called: `tsc` checks that each of these is an error (npm test runs it).
    const wrong = () => [
      // @ts-expect-error `reason` is missing
      toProblem('OUTPUT_FAILED', {}),
      // @ts-expect-error `reasn` is not an argument of OUTPUT_FAILED
      toProblem('OUTPUT_FAILED', { reasn: 'full' }),
      // @ts-expect-error OUTPUT_FAILED needs its arguments
      toProblem('OUTPUT_FAILED'),
      // @ts-expect-error `part` names a content file or its front matter
      toProblem('CONTENT_TOO_LARGE', { part: 'body', size: '5 MB', limit: '4 MB' }),
      // @ts-expect-error BASE_URL_MISSING takes no arguments
      toProblem('BASE_URL_MISSING', { url: 'x' }),
      // @ts-expect-error not a code of the catalogue
      toProblem('NOT_A_CODE', {}),
    ];
    expect(wrong).toBeTypeOf('function');
  });
});

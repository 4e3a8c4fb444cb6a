import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findSimplified } from '../../generator/check/simplified.ts';
import type { Payload } from '../../generator/types.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';
import { readOutputPayloads } from '../helpers/build-output.ts';

// The least main text a page of each template must have, in its Markdown body and the structured
// texts of its front matter: English words, Chinese characters.
const MINIMUM: Record<string, readonly [en: number, zh: number]> = {
  service: [250, 400],
  strength: [250, 400],
  about: [250, 400],
  equipment: [250, 400],
  article: [200, 300],
  home: [200, 300],
  jobs: [200, 300],
  position: [250, 400],
  customers: [200, 300],
  procurement: [200, 300],
  contact: [200, 300],
  section: [120, 200],
  'news-index': [60, 90],
  page: [100, 150],
};
const PLACEHOLDER = /\blorem\b|\bipsum\b|\bTODO\b|\bTBD\b|待補|\bxxx\b|coming soon|placeholder/i;

/** Every page of the real site, as the run built it once: the data it was rendered from. */
let pages: Payload[];
beforeAll(() => {
  pages = readOutputPayloads(inject('builtSite').out).filter((p) => !p.error);
});

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
const countWords = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
const countHan = (text: string) => (text.match(/\p{Script=Han}/gu) ?? []).length;
/** The structured texts of a page's front matter (a job's duties, a station's role), addresses left out. */
const dataText = (value: unknown): string =>
  typeof value === 'string'
    ? /^(\/|https?:)/.test(value)
      ? ''
      : value
    : Array.isArray(value)
      ? value.map(dataText).join(' ')
      : typeof value === 'object' && value !== null
        ? Object.values(value).map(dataText).join(' ')
        : '';

/** The facts of the stations a page lists, which its locale's shared texts hold (`common:airports`). */
const stationText = (page: Payload): string => {
  const codes = (page.data as { stations?: unknown }).stations;
  if (!Array.isArray(codes)) return '';
  const common = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'site/locales', page.contentLocale, 'common.json'), 'utf8'),
  ) as { airports?: Record<string, unknown> };
  return codes.map((code) => dataText(common.airports?.[String(code)])).join(' ');
};

describe("the site's content", () => {
  it("gives every page at least its template's minimum of main text", () => {
    const short: string[] = [];
    for (const page of pages) {
      const [en, zh] = MINIMUM[page.template] ?? [0, 0];
      // A list's main text is its lead and its list: the newsroom and its topic pages are their stories.
      const listed =
        page.template === 'news-index'
          ? [page.description, ...page.listed.map((l) => `${l.title} ${l.description}`)]
          : [];
      const text = `${textOf(page.html)} ${dataText(page.data)} ${listed.join(' ')} ${stationText(page)}`;
      const size = page.contentLocale === 'zhHant' ? countHan(text) : countWords(text);
      const minimum = page.contentLocale === 'zhHant' ? zh : en;
      if (size < minimum) short.push(`${page.url} (${page.template}): ${size} < ${minimum}`);
    }
    expect(short).toEqual([]);
    expect(pages).toHaveLength(134);
  });

  it('has no placeholder text in any page or translation file', () => {
    const files = fg.sync(['site/content/**/*.md', 'site/locales/**/*.json'], { cwd: REPO_ROOT });
    const hits = files.flatMap((file) =>
      readFileSync(path.join(REPO_ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => (PLACEHOLDER.test(line) ? `${file}:${i + 1}: ${line.trim().slice(0, 80)}` : null))
        .filter((hit): hit is string => hit !== null),
    );
    expect(hits).toEqual([]);
    for (const page of pages)
      expect(PLACEHOLDER.test(textOf(page.html) + page.title + page.description), page.url).toBe(false);
  });

  it('writes Chinese in Traditional characters only', () => {
    const files = fg.sync(['site/content/**/*.zhHant.md', 'site/locales/zhHant/*.json', 'site/site.config.ts'], {
      cwd: REPO_ROOT,
    });
    const hits = files.flatMap((file) =>
      findSimplified(readFileSync(path.join(REPO_ROOT, file), 'utf8')).map(
        (h) => `${file}:${h.line}:${h.column} ${h.char} → ${h.traditional}`,
      ),
    );
    expect(hits).toEqual([]);
  });

  it('detects Simplified characters, and allows those standard in Taiwan', () => {
    // 件, 信 and 息 are the same in both scripts.
    expect(findSimplified('这个软件的信息').map((h) => h.char)).toEqual(['这', '个', '软']);
    expect(findSimplified('台灣的里程碑：污水處理與核准程序，不受干擾。')).toEqual([]);
    expect(findSimplified('第一行\n第二行有发')[0]).toMatchObject({
      char: '发',
      traditional: '發',
      line: 2,
      column: 5,
    });
  });

  it('draws every scene and product drawing a page names as a small, self-contained SVG with a title, each page outside the news with a scene of its own', () => {
    const english = pages.filter((p) => p.locale === 'en' && p.contentLocale === 'en');
    const scenes = english.map((p) => [p.path, String(p.data.image ?? '')] as const).filter(([, src]) => src);
    expect(scenes.length).toBeGreaterThan(40);
    // The drawings of the in-house equipment beside their key facts (front matter `specs.image`).
    const drawings = english.flatMap((p) => {
      const src = (p.data.specs as { image?: unknown } | undefined)?.image;
      return typeof src === 'string' ? [src] : [];
    });
    expect(drawings).toHaveLength(5);
    // And each station's scene, named by its texts (`common:airports.<code>.image`).
    const airports = JSON.parse(readFileSync(path.join(REPO_ROOT, 'site/locales/en/common.json'), 'utf8'))
      .airports as Record<string, { image?: string }>;
    const stationScenes = Object.values(airports).map((a) => a.image ?? '');
    expect(stationScenes.filter((src) => src.startsWith('/images/station-'))).toHaveLength(4);
    for (const src of new Set([...scenes.map(([, src]) => src), ...drawings, ...stationScenes])) {
      const svg = readFileSync(path.join(REPO_ROOT, 'site/public', src), 'utf8');
      expect(svg, src).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
      expect(/<title>([^<]{20,})<\/title>/.exec(svg)?.[1], `${src}: its title`).toBeTruthy();
      // Nothing fetched from elsewhere: every reference is to a part of the same file.
      expect(svg, src).not.toMatch(/(?:href|src)="(?!#)|url\((?!#)|<image\b/);
      // A few kilobytes each as a host sends it (gzip); the home page's wide apron scenes a little more.
      expect(gzipSync(svg).length, src).toBeLessThanOrEqual(src.includes('hero-apron') ? 5_120 : 4_096);
    }
    // Pages of one subject may share a scene (an article and the page it reports on); others not.
    const heads = scenes.filter(([page]) => !page.includes('/news/')).map(([, src]) => src);
    expect(new Set(heads).size).toBe(heads.length);
  });

  it('keeps titles and descriptions unique within each locale', () => {
    for (const locale of ['zhHant', 'en']) {
      const own = pages.filter((p) => p.locale === locale && p.contentLocale === locale);
      expect(new Set(own.map((p) => p.title)).size, `${locale} titles`).toBe(own.length);
      expect(new Set(own.map((p) => p.description)).size, `${locale} descriptions`).toBe(own.length);
    }
  });
});

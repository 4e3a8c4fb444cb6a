import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../generator/check/index.ts';
import { buildSite, type BuildResult } from '../../generator/pipeline/build.ts';
import type { SiteProblem } from '../../generator/types.ts';
import { problemsOf } from '../helpers/problems.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { serveOutput } from '../helpers/site-server.ts';
import { problemsIn, waitForHydration } from '../helpers/site-fixture.ts';

afterAll(removeSites);

const real = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const ARTICLE = 'site/content/news/news1.en.md';

/**
 * A camera's photo: 1600 × 1000 pixels of faint noise over grey (too fine for its larger sizes to
 * fit the image budget, and quicker to encode than noise of every value) stored on its side, with
 * an EXIF orientation that turns it upright (1000 × 1600), the camera's name and a GPS position.
 * Its colours are new on every run, so the first build must make it.
 */
async function cameraPhoto(): Promise<Buffer> {
  const pixels = Buffer.alloc(1600 * 1000 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 100 + Math.floor(Math.random() * 32);
  return sharp(pixels, { raw: { width: 1600, height: 1000, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'Example Camera', Model: 'EX-1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '25/1 4/1 48/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '121/1 14/1 0/1',
        },
      },
    })
    .toBuffer();
}

/** A small PNG diagram, shown without alternative text, in a colour of its run's own (of 16 million). */
const diagram = () => {
  const [r, g, b] = [0, 0, 0].map(() => Math.floor(Math.random() * 256)) as [number, number, number];
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
};

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('photos in a page', () => {
  let root: string;
  let out: string;
  let first: BuildResult;
  let html: string;
  const article = `${real(ARTICLE).trimEnd()}\n\n![Apron at dusk](/images/apron.jpg)\n\nThe tug's towbar, drawn:\n\n![](/images/tug.png)\n`;
  beforeAll(async () => {
    root = makeSite({
      [ARTICLE]: article.replace(/^image: .*$/m, 'image: /images/apron.jpg'),
      'site/site.config.ts': real('site/site.config.ts').replace('budgets: {', 'budgets: { imageKb: 60,'),
    });
    writeFileSync(path.join(root, 'site/public/images/apron.jpg'), await cameraPhoto());
    writeFileSync(path.join(root, 'site/public/images/tug.png'), await diagram());
    out = path.join(root, 'out');
    first = await buildSite({ root, outDir: out });
    html = readFileSync(path.join(out, 'en/news/news1/index.html'), 'utf8');
  });

  const pictures = () => [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map((m) => m[0]);
  const urlsOf = (markup: string) =>
    [...markup.matchAll(/(?:src|srcset)="([^"]+)"/g)].flatMap((m) =>
      (m[1] as string).split(', ').map((c) => c.split(' ')[0] as string),
    );

  it('writes each photo as a picture of AVIF and WebP sources and an img with its upright size', () => {
    const [photo, drawn] = pictures();
    expect(photo).toMatch(
      /<source type="image\/avif" srcset="\/_app\/img\/apron-\w+-480\.avif 480w, [^"]+ 1000w" sizes="[^"]+">/,
    );
    expect(photo).toMatch(/<source type="image\/webp" srcset="[^"]+-1000\.webp 1000w"/);
    expect(photo).toMatch(
      /<img src="\/_app\/img\/apron-\w+-\d+\.jpg" srcset="[^"]+\.jpg 480w, [^"]+ 736w, [^"]+ 1000w"/,
    );
    expect(photo).toContain('width="1000" height="1600" alt="Apron at dusk"');
    expect(drawn).toMatch(/srcset="\/_app\/img\/tug-\w+-480\.png 480w, [^"]+-600\.png 600w"/);
    expect(drawn).toContain('width="600" height="400" alt=""');
  });

  it('loads the photos of the body lazily below the illustration the page names', () => {
    const [photo, drawn] = pictures();
    expect(photo).toContain('loading="lazy" decoding="async"');
    expect(photo).not.toContain('fetchpriority');
    expect(drawn).toContain('loading="lazy" decoding="async"');
    expect(drawn).not.toContain('fetchpriority');
  });

  it('writes every file the pictures name, none wider than the photo, with no EXIF', async () => {
    const urls = pictures().flatMap(urlsOf);
    expect(urls.length).toBeGreaterThanOrEqual(15);
    for (const url of urls) {
      const meta = await sharp(path.join(out, url)).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
      expect(meta.width, url).toBe(Number(/-(\d+)\.\w+$/.exec(url)?.[1]));
      if (url.includes('apron')) expect(meta.height, url).toBeGreaterThan(meta.width as number);
    }
    // The original is still published, for the links to it.
    expect(existsSync(path.join(out, 'images/apron.jpg'))).toBe(true);
  });

  it('gives the templates the photo the front matter names, in the page data', () => {
    const payload = JSON.parse(readFileSync(path.join(out, 'en/news/news1/_payload.json'), 'utf8'));
    expect(payload.images['/images/apron.jpg']).toMatchObject({ width: 1000, height: 1600 });
    expect(payload.html).toContain(pictures()[0]);
  });

  it('in Chromium: the page shows the AVIF file at the width it needs, and hydrates with no problem', async () => {
    const served = await serveOutput(out, root);
    const browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 375, height: 700 }, deviceScaleFactor: 1 });
    try {
      const page = await context.newPage();
      const logs: string[] = [];
      page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
      await page.goto(`${served.url}/en/news/news1`);
      await waitForHydration(page);
      const shown = await page
        .locator('picture img')
        .first()
        .evaluate((img: HTMLImageElement) => img.currentSrc);
      // A phone's 375 px column: the 480 px file, not the 1,000 px one, in the best format it reads.
      expect(shown).toMatch(/\/_app\/img\/apron-[0-9a-f]+-480\.avif$/);
      expect(problemsIn(logs)).toEqual([]);
    } finally {
      await context.close();
      await served.close();
    }
  });

  it('makes the photos once: a second build takes them from the cache', async () => {
    expect(first.report.images).toEqual({ total: 2, made: 2 });
    const again = await buildSite({ root, outDir: out });
    expect(again.report.images).toEqual({ total: 2, made: 0 });
    expect(readFileSync(path.join(out, 'en/news/news1/index.html'), 'utf8')).toContain(pictures()[0]);
  });

  it('site check reports a photo over the image budget and one without alternative text', async () => {
    const report = await checkSite({ root, outDir: out, external: false });
    const ofArticle = (code: string) =>
      report.problems.filter((p: SiteProblem) => p.code === code && p.message.includes('/en/news/news1 '));
    const [heavy] = ofArticle('IMAGE_OVER_BUDGET');
    expect(heavy?.message).toMatch(
      /shows the image `\/_app\/img\/apron-\w+-1000\.\w+` of [\d.]+ KB, over the 60 KB budget/,
    );
    const [unnamed] = ofArticle('IMAGE_ALT_MISSING');
    expect(unnamed?.message).toMatch(/`\/_app\/img\/tug-\w+-600\.\w+` without alternative text/);
    expect(unnamed?.severity).toBe('warning');
  });

  it('refuses a file that is no picture at the line that shows it, leaving the output as it was', async () => {
    // Compared as base64 text, byte for byte (a Buffer is compared byte by byte, slowly).
    const before = readFileSync(path.join(out, 'en/news/news1/index.html')).toString('base64');
    const broken = `${article}\n![The fleet](/images/fleet.jpg)\n`;
    writeFileSync(path.join(root, 'site/public/images/fleet.jpg'), (await cameraPhoto()).subarray(0, 2000));
    writeFileSync(path.join(root, ARTICLE), broken);
    const problems = await problemsOf(buildSite({ root, outDir: out }));
    expect(problems.map((p) => p.code)).toEqual(['IMAGE_UNREADABLE']);
    expect(problems[0]?.message).toContain('`/images/fleet.jpg` cannot be read as a picture');
    expect(problems[0]?.loc).toMatchObject({ file: ARTICLE, line: lineOf(broken, 'fleet.jpg') });
    expect(readFileSync(path.join(out, 'en/news/news1/index.html')).toString('base64')).toBe(before);
  });

  it('refuses a decompression bomb named by a front matter field, at the field', async () => {
    // A PNG of one pixel whose header says 30,000 × 30,000 (its checksum made to match).
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    // The broken file of the test before goes: the bomb is the one problem.
    rmSync(path.join(root, 'site/public/images/fleet.jpg'), { force: true });
    writeFileSync(path.join(root, 'site/public/images/bomb.png'), bomb);
    const text = article.replace(/^image: .*$/m, 'image: /images/bomb.png');
    writeFileSync(path.join(root, ARTICLE), text);
    const problems = await problemsOf(buildSite({ root, write: false }));
    expect(problems.map((p) => p.code)).toEqual(['IMAGE_UNREADABLE']);
    expect(problems[0]?.message).toMatch(/`\/images\/bomb\.png` cannot be read as a picture \(.*pixel limit/);
    expect(problems[0]?.loc).toMatchObject({ file: ARTICLE, line: lineOf(text, 'image:') });
  });
});

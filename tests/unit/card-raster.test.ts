import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  adler32,
  changedBox,
  combineAdler32,
  cropSvg,
  elementBox,
  type Box,
  pathBox,
  splitSvg,
} from '../../generator/card-raster.ts';
import { drawCard, toCardSvg, toDrawable } from '../../generator/card-render.ts';
import { toGlyphCoverage, unpackWoff } from '../../generator/woff.ts';
import { phraseBreakerFor } from '../../runtime/word-breaks.ts';

const toPhraseBreaks = phraseBreakerFor();
import ShareCard from '../../site/templates/ShareCard.tsx';
import type { ShareCardProps } from '../../generator/types.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

const require = createRequire(import.meta.url);

// Share cards are rasterized only where they differ from their frame: what that drawing must keep
// is that a card looks as it would drawn whole, and is the same bytes whatever was drawn before.

const logo = `data:image/svg+xml;base64,${readFileSync(path.join(REPO_ROOT, 'site/public/logo.svg')).toString('base64')}`;
const colors = { navy: '#0f2740', primary: '#0066cc', accent: '#f5a623' };
const zh = { company: '雲翼航空地勤服務股份有限公司', brand: '雲翼地勤', site: 'cloudwing.example', logo, colors };
const en = { company: 'CloudWing Aviation Services', brand: 'CloudWing', site: 'cloudwing.example', logo, colors };

/** A card of the real site's layout, its title's word breaks found as the build finds them. */
const card = (base: typeof zh, section: string | null, title: string): ShareCardProps => ({
  ...base,
  section,
  title,
  titleBreaks: toPhraseBreaks(title),
});

/**
 * The RGBA pixels of a PNG written by this project's encoder (every row unfiltered, RGBA or
 * indexed), checked as zlib checks it, and its colour type.
 */
function decodeOwnPng(png: Uint8Array): { width: number; height: number; rgba: Buffer; colorType: number } {
  const data = Buffer.from(png);
  let at = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  let palette = Buffer.alloc(0);
  const idat: Buffer[] = [];
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('ascii', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') [width, height, colorType] = [body.readUInt32BE(0), body.readUInt32BE(4), body[9] as number];
    if (type === 'PLTE') palette = body;
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  expect([6, 3]).toContain(colorType);
  const channels = colorType === 3 ? 1 : 4;
  const lines = inflateSync(Buffer.concat(idat)); // throws on a wrong Adler-32
  expect(lines.length).toBe((width * channels + 1) * height);
  const rgba = Buffer.alloc(width * height * 4);
  const filters = new Set<number>();
  let largestIndex = 0;
  for (let y = 0; y < height; y++) {
    const row = y * (width * channels + 1);
    filters.add(lines[row] as number);
    if (channels === 4) lines.copy(rgba, y * width * 4, row + 1, row + 1 + width * 4);
    else
      for (let x = 0; x < width; x++) {
        const index = lines[row + 1 + x] as number;
        largestIndex = Math.max(largestIndex, index);
        palette.copy(rgba, (y * width + x) * 4, index * 3, index * 3 + 3);
        rgba[(y * width + x) * 4 + 3] = 255;
      }
  }
  // Unfiltered rows (resvg's own PNGs, written when a card is drawn whole, filter theirs).
  expect([...filters]).toEqual([0]);
  if (channels === 1) expect(largestIndex * 3).toBeLessThan(palette.length);
  return { width, height, rgba, colorType };
}

/** How far a card drawn in part is from the same card drawn whole by resvg. */
async function compareWithWhole(Card: Parameters<typeof drawCard>[0], props: ShareCardProps) {
  const decoded = decodeOwnPng(await drawCard(Card, props));
  expect([decoded.width, decoded.height]).toEqual([1200, 630]);
  const whole = new Resvg(await toCardSvg(Card, props)).render().pixels;
  let differing = 0;
  let largest = 0;
  for (let i = 0; i < decoded.rgba.length; i++) {
    const difference = Math.abs((decoded.rgba[i] as number) - (whole[i] as number));
    if (difference > 0) differing += 1;
    largest = Math.max(largest, difference);
  }
  return { colorType: decoded.colorType, largest, differing: differing / decoded.rgba.length };
}

describe('share cards drawn in part', () => {
  const cards: ShareCardProps[] = [
    card(zh, '服務項目', '停機坪作業與航機地面服務'),
    card(zh, null, '雲翼地勤'),
    card(
      zh,
      '新聞中心',
      '桃園國際機場第三航廈北登機廊廳啟用，雲翼地勤完成新機坪作業人員訓練與設備進駐，並與航空公司夥伴共同演練',
    ),
    card(en, 'Services', 'Ramp handling and aircraft turnaround'),
    card(en, null, ''),
  ];

  it('look as the card drawn whole: every pixel within one step of antialiasing, nearly all the same', async () => {
    for (const props of cards) {
      const { colorType, largest, differing } = await compareWithWhole(ShareCard, props);
      // The real layout's few colours fit a palette: an indexed PNG.
      expect(colorType, props.title).toBe(3);
      expect(largest, props.title).toBeLessThanOrEqual(16);
      expect(differing, props.title).toBeLessThan(0.0005);
    }
  });

  it('are written in RGBA when their colours outgrow a palette, in the frame or in the card alone', async () => {
    // An image of 4,096 colours (a PNG drawn by resvg from a grid of coloured squares).
    const squares = Array.from({ length: 4096 }, (_, i) => {
      const [r, g, b] = [(i & 15) * 17, ((i >> 4) & 15) * 17, ((i >> 8) & 15) * 17];
      return `<rect x="${i % 64}" y="${Math.floor(i / 64)}" width="1" height="1" fill="rgb(${r},${g},${b})"/>`;
    }).join('');
    const grid = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" shape-rendering="crispEdges">${squares}</svg>`,
    )
      .render()
      .asPng();
    const image = `data:image/png;base64,${Buffer.from(grid).toString('base64')}`;
    /** The image beside the title (in the card only) or beside the brand (in the frame too). */
    const layout = (inFrame: boolean) =>
      function Colourful(props: ShareCardProps) {
        const picture = createElement('img', { src: image, width: 128, height: 128 });
        return createElement(
          'div',
          {
            style: {
              width: 1140,
              height: 570,
              display: 'flex',
              flexDirection: 'column',
              background: '#0f2740',
              color: '#ffffff',
              fontFamily: 'card',
              fontSize: 48,
              paddingLeft: 60,
              paddingTop: 60,
            },
          },
          createElement(
            'div',
            { style: { display: 'flex' } },
            inFrame ? picture : null,
            createElement('div', null, props.brand),
          ),
          props.title
            ? createElement(
                'div',
                { style: { display: 'flex', marginTop: 60 } },
                inFrame ? null : picture,
                createElement('div', null, props.title),
              )
            : null,
        );
      };
    for (const inFrame of [false, true]) {
      const { colorType, largest, differing } = await compareWithWhole(
        layout(inFrame),
        card(en, null, 'Ramp handling'),
      );
      expect(colorType, `image in the frame: ${inFrame}`).toBe(6);
      expect(largest).toBeLessThanOrEqual(16);
      expect(differing).toBeLessThan(0.0005);
    }
  });

  it('gives a card the same bytes whichever cards were drawn before it', async () => {
    const [first, , , other] = cards as [ShareCardProps, ShareCardProps, ShareCardProps, ShareCardProps];
    const alone = await drawCard(ShareCard, first);
    await drawCard(ShareCard, other);
    await drawCard(ShareCard, card(zh, '服務項目', '旅客服務'));
    expect(Buffer.from(await drawCard(ShareCard, first)).equals(Buffer.from(alone))).toBe(true);
  });
});

describe('the share card layout', () => {
  it('breaks a Chinese title between words only, in lines of about equal length', async () => {
    const title = '迎接颱風季，營運控制中心完成四場站應變準備';
    const svg = await toCardSvg(ShareCard, { ...zh, section: '最新消息', title, titleBreaks: toPhraseBreaks(title) });
    // Each word of the title is drawn as a path of its own (the brand above it is white too).
    const words = (splitSvg(svg)?.children ?? [])
      .filter((child) => child.includes('fill="#ffffff"'))
      .map((child) => elementBox(child))
      .filter((box): box is NonNullable<typeof box> => box !== null && box.y0 > 200);
    expect(words.length).toBeGreaterThan(5);
    // No word runs over two lines (a line is 80 px: 64 px type, line height 1.25).
    expect(words.filter((box) => box.y1 - box.y0 > 80)).toEqual([]);
    const lines = new Map<number, Box[]>();
    for (const box of words) lines.set(Math.round(box.y0 / 80), [...(lines.get(Math.round(box.y0 / 80)) ?? []), box]);
    expect(lines.size).toBe(2);
    const lengths = [...lines.values()].map(
      (line) => Math.max(...line.map((b) => b.x1)) - Math.min(...line.map((b) => b.x0)),
    );
    expect(Math.abs((lengths[0] as number) - (lengths[1] as number))).toBeLessThan(3 * 64);
  });

  it('leaves out what no font file holds (an emoji, Arabic, a rare character) rather than draw empty boxes', async () => {
    const svg = (base: typeof zh, section: string | null, title: string) =>
      toCardSvg(ShareCard, card(base, section, title));
    expect(await svg(en, 'Services 🛫', 'Ramp 🚀 handling عربي and 👩‍✈️ crews')).toBe(
      await svg(en, 'Services', 'Ramp handling and crews'),
    );
    // A Chinese title keeps its words whole around what is left out.
    const { text, breaks } = toDrawable('停機坪作業🚀與航機地面服務', phraseBreakerFor()('停機坪作業🚀與航機地面服務'));
    expect(text).toBe('停機坪作業與航機地面服務');
    // Each break it keeps falls where the title without the emoji breaks too.
    const clean = phraseBreakerFor()('停機坪作業與航機地面服務');
    expect(breaks?.length).toBeGreaterThan(2);
    expect(breaks?.filter((at) => !(clean ?? []).includes(at))).toEqual([]);
    expect(toDrawable('Ramp handling', [5])).toEqual({ text: 'Ramp handling', breaks: [5] });
  });

  it('lays out no more of a title than the card can show: a title pasted a page long draws what its start does', async () => {
    const start = '停機坪作業與旅客服務，'.repeat(16);
    const pasted = start + '貨運站與倉儲作業的安全管理，'.repeat(300);
    const svg = (title: string) => toCardSvg(ShareCard, card(zh, '服務項目', title));
    expect(await svg(pasted)).toBe(await svg(start));
  });
});

describe('bounds of SVG markup', () => {
  it('reads relative, curved and arc path data, and refuses what it cannot read', () => {
    expect(pathBox('M10 20L30 40Q50 0 60 10Z')).toEqual({ x0: 10, y0: 0, x1: 60, y1: 40 });
    expect(pathBox('M10,10 h20 v5 l-5,5 z m5,5 l1,1')).toEqual({ x0: 10, y0: 10, x1: 30, y1: 20 });
    // A quarter circle of radius 10 from (0,10) to (10,0) bulges out to (0,0) at most: its
    // ellipse's reach is counted around the start.
    const arc = pathBox('M0,10 a10,10 0 0 1 10,-10');
    expect(arc && arc.x0 <= -10 && arc.y1 >= 20).toBe(true);
    expect(pathBox('M0 0 L1')).toBeNull();
    expect(pathBox('M0 0 X 3 4')).toBeNull();
  });

  it('bounds an element with its stroke, and refuses transforms, filters, gradients and text', () => {
    expect(elementBox('<rect x="10" y="20" width="30" height="40" fill="#fff"/>')).toEqual({
      x0: 10,
      y0: 20,
      x1: 40,
      y1: 60,
    });
    expect(elementBox('<g><path d="M0 0L10 0" stroke="#000" stroke-width="4"/></g>')).toEqual({
      x0: -4,
      y0: -4,
      x1: 14,
      y1: 4,
    });
    expect(elementBox('<g transform="translate(5 5)"><rect width="1" height="1"/></g>')).toBeNull();
    expect(elementBox('<rect width="1" height="1" filter="url(#f)"/>')).toBeNull();
    expect(elementBox('<linearGradient id="g"><stop offset="0"/></linearGradient>')).toBeNull();
    expect(elementBox('<text x="0" y="10">Hi</text>')).toBeNull();
  });

  it('splits a document into its children, and refuses text between them, not inside one', () => {
    const svg =
      '<svg width="4" height="4" viewBox="0 0 4 4"><rect width="1" height="1"/><g><path d="M0 0L1 1"/></g></svg>';
    expect(splitSvg(svg)?.children).toEqual(['<rect width="1" height="1"/>', '<g><path d="M0 0L1 1"/></g>']);
    expect(splitSvg('<svg>loose text<rect/></svg>')).toBeNull();
    expect(splitSvg('<svg><rect/>')).toBeNull();
    expect(splitSvg('<svg><rect/></svg> trailing')).toBeNull();
    // Text inside a child is the child's: a `<text>` stays whole (and, unbounded, has its card drawn whole).
    const text = '<text x="0" y="10">Hi <tspan>there</tspan></text>';
    expect(splitSvg(`<svg width="4" height="4" viewBox="0 0 4 4">${text}<rect/></svg>`)?.children).toEqual([
      text,
      '<rect/>',
    ]);
    expect(changedBox(['<rect/>'], [text, '<rect/>'], 4, 4)).toBeNull();
  });

  it('finds where a card differs, and draws the card whole when the shared children moved or a shared child uses a changed mask', () => {
    const background = '<rect x="0" y="0" width="100" height="50" fill="#000"/>';
    const title = (x: number) => `<path fill="#fff" d="M${x} 20L${x + 10} 30"/>`;
    expect(changedBox([background], [background, title(40)], 100, 50)).toEqual({ x0: 38, y0: 18, x1: 52, y1: 32 });
    expect(changedBox([background, title(40)], [title(40), background], 100, 50)).toBeNull();
    const mask = (h: number) => `<mask id="m"><rect x="0" y="0" width="10" height="${h}" fill="#fff"/></mask>`;
    const user = '<g mask="url(#m)"><rect width="10" height="10"/></g>';
    expect(changedBox([mask(5), user], [mask(8), user], 100, 50)).toBeNull();
    // A changed mask whose user changed too adds nothing beyond the user's own box.
    expect(changedBox([mask(5)], [mask(8), title(60)], 100, 50)).toEqual({ x0: 58, y0: 18, x1: 72, y1: 32 });
  });

  it('crops to a box, leaving out what paints only outside it', () => {
    const parts = splitSvg(
      '<svg width="100" height="50" viewBox="0 0 100 50"><mask id="m"><rect width="1" height="1"/></mask><rect x="0" y="0" width="10" height="10"/><rect x="60" y="30" width="5" height="5"/></svg>',
    );
    expect(parts && cropSvg(parts, { x0: 50, y0: 20, x1: 80, y1: 40 })).toBe(
      '<svg width="30" height="20" viewBox="50 20 30 20"><mask id="m"><rect width="1" height="1"/></mask><rect x="60" y="30" width="5" height="5"/></svg>',
    );
  });
});

describe('cropping a real card', () => {
  it('never makes resvg stop the process, wherever the box falls (a clipped group wholly outside it would)', async () => {
    const title = '迎接颱風季，營運控制中心完成四場站應變準備';
    const parts = splitSvg(await toCardSvg(ShareCard, card(zh, '最新消息', title)));
    if (!parts) throw new Error('the card is not an SVG satori writes');
    // Boxes spread over the card, from thin strips to half of it, always the same ones.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const crops = Array.from({ length: 40 }, () => {
      const [x0, y0] = [next(1190), next(620)];
      return cropSvg(parts, { x0, y0, x1: Math.min(1200, x0 + 1 + next(600)), y1: Math.min(630, y0 + 1 + next(300)) });
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'site-crops-'));
    try {
      writeFileSync(path.join(dir, 'crops.json'), JSON.stringify(crops));
      // In a process of its own: a Rust panic in resvg ends the process, not just the call.
      const drawn = spawnSync(
        process.execPath,
        [
          '-e',
          `const { Resvg } = require(${JSON.stringify(require.resolve('@resvg/resvg-js'))});
           for (const svg of JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'))) new Resvg(svg).render().pixels;
           console.log('drawn');`,
          path.join(dir, 'crops.json'),
        ],
        { encoding: 'utf8' },
      );
      expect(drawn.stdout.trim(), drawn.stderr).toBe('drawn');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PNG and font helpers', () => {
  it('computes and combines Adler-32 as zlib does', () => {
    const a = Buffer.from('share cards '.repeat(2000));
    const b = Buffer.from('drawn in part'.repeat(700));
    const zlibAdler = (data: Buffer) => deflateSync(data).readUInt32BE(deflateSync(data).length - 4);
    expect(adler32(a)).toBe(zlibAdler(a));
    expect(combineAdler32(adler32(a), adler32(b), b.length)).toBe(zlibAdler(Buffer.concat([a, b])));
    // Every length around its eight-byte steps and its remainders, of bytes as high as they go.
    const high = Buffer.from(Array.from({ length: 12000 }, (_, i) => 255 - (i % 7)));
    for (const length of [0, 1, 7, 8, 9, 15, 16, 5551, 5552, 5553, 11104, 11111, 12000])
      expect(adler32(high.subarray(0, length)), String(length)).toBe(zlibAdler(high.subarray(0, length)));
  });

  it('reads which characters a font file has glyphs for, not only the range it covers', () => {
    const fontPackage = path.dirname(require.resolve('@fontsource/noto-sans-tc/package.json'));
    const latin = toGlyphCoverage(
      unpackWoff(readFileSync(path.join(fontPackage, 'files/noto-sans-tc-latin-700-normal.woff'))),
    );
    for (const char of 'Ramp 24/7 é') expect(latin(char.codePointAt(0) as number), char).toBe(true);
    // U+E000 (private use) and U+1F680 (an emoji) are in no glyph of it.
    expect(latin(0xe000)).toBe(false);
    expect(latin(0x1f680)).toBe(false);
    expect(toGlyphCoverage(Buffer.from('not a font'))(0x41)).toBe(false);
  });

  it('unpacks the font package WOFF files into fonts that draw the same glyphs', async () => {
    const fontPackage = path.dirname(require.resolve('@fontsource/noto-sans-tc/package.json'));
    const woff = readFileSync(path.join(fontPackage, 'files/noto-sans-tc-latin-700-normal.woff'));
    const font = unpackWoff(woff);
    expect(font.readUInt32BE(0)).not.toBe(0x774f4646);
    expect(unpackWoff(font)).toBe(font);
    const draw = (data: Buffer) =>
      satori(createElement('div', { style: { fontSize: 40, color: '#000' } }, 'Ramp 24/7'), {
        width: 300,
        height: 60,
        fonts: [{ name: 'card', data, weight: 700, style: 'normal' }],
      });
    expect(await draw(font)).toBe(await draw(woff));
  });
});

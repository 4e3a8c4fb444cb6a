import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { drawCardSizes, toCardSvg, toDrawable } from '../../generator/cards/draw.ts';
import { isWholePng, toPngSize } from '../../generator/png.ts';
import { phraseBreakerFor } from '../../runtime/word-breaks.ts';
import ShareCard from '../../site/templates/ShareCard.tsx';
import type { ShareCardProps } from '../../generator/types.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

// A share card (behaviour.md: Sharing) is the site's layout laid out by satori and drawn by resvg:
// a whole 1200 × 630 PNG that shows the page's title, the same bytes whenever it is drawn.

const toPhraseBreaks = phraseBreakerFor();
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

/** A card drawn in its own size only. */
const drawCard = async (Card: typeof ShareCard, props: ShareCardProps) =>
  (await drawCardSizes(Card, props, [{ width: 1200, height: 630 }]))[0] as Uint8Array;

/** The box of each white shape of a card below the brand (the title's words), as resvg bounds it. */
function toTitleBoxes(svg: string) {
  const [open] = /^<svg[^>]*>/.exec(svg) ?? [''];
  return [...svg.matchAll(/<path[^>]*fill="#ffffff"[^>]*\/>/g)]
    .map((m) => new Resvg(`${open}${m[0]}</svg>`).getBBox())
    .filter((box): box is NonNullable<typeof box> => box !== undefined && box.y > 200);
}

/** A PNG's RGBA pixels, read by resvg as an image that fills a canvas of its size. */
function toPixels(png: Uint8Array): Buffer {
  const href = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  return new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><image href="${href}" width="1200" height="630"/></svg>`,
  ).render().pixels;
}

describe('a share card', () => {
  it('is a whole 1200 × 630 PNG that shows the title below the brand, on the layout of a card without one', async () => {
    const props = card(zh, '服務項目', '停機坪作業與航機地面服務');
    const png = await drawCard(ShareCard, props);
    expect(isWholePng(png)).toBe(true);
    expect(toPngSize(png)).toEqual({ width: 1200, height: 630 });
    const titled = toPixels(png);
    const untitled = toPixels(await drawCard(ShareCard, { ...props, title: '', titleBreaks: null }));
    const rows = new Set<number>();
    for (let i = 0; i < titled.length; i += 4)
      if (titled.readUInt32BE(i) !== untitled.readUInt32BE(i)) rows.add(Math.floor(i / 4 / 1200));
    // The title (a line of 64 px type), with its section above it, between the brand and the rule at
    // the foot: the brand, logo and foot are the same pixels.
    expect(rows.size).toBeGreaterThan(40);
    expect(Math.min(...rows)).toBeGreaterThan(200);
    expect(Math.max(...rows)).toBeLessThan(500);
  });

  it('comes out the same bytes whichever cards were drawn before it', async () => {
    const first = card(zh, '服務項目', '停機坪作業與航機地面服務');
    const alone = await drawCard(ShareCard, first);
    await drawCard(ShareCard, card(en, 'Services', 'Ramp handling and aircraft turnaround'));
    await drawCard(ShareCard, card(zh, '服務項目', '旅客服務'));
    expect(Buffer.from(await drawCard(ShareCard, first)).equals(Buffer.from(alone))).toBe(true);
  });
});

describe('the share card layout', () => {
  it('breaks a Chinese title between words only, in lines of about equal length', async () => {
    const title = '迎接颱風季，營運控制中心完成四場站應變準備';
    const svg = await toCardSvg(ShareCard, { ...zh, section: '最新消息', title, titleBreaks: toPhraseBreaks(title) });
    // Each word of the title is drawn as a path of its own.
    const words = toTitleBoxes(svg);
    expect(words.length).toBeGreaterThan(5);
    // No word runs over two lines (a line is 80 px: 64 px type, line height 1.25).
    expect(words.filter((box) => box.height > 80)).toEqual([]);
    const lines = new Map<number, { x: number; width: number }[]>();
    for (const box of words) {
      const line = Math.round(box.y / 80);
      lines.set(line, [...(lines.get(line) ?? []), box]);
    }
    expect(lines.size).toBe(2);
    const lengths = [...lines.values()].map(
      (line) => Math.max(...line.map((b) => b.x + b.width)) - Math.min(...line.map((b) => b.x)),
    );
    expect(Math.abs((lengths[0] as number) - (lengths[1] as number))).toBeLessThan(3 * 64);
  });

  it('leaves out what no font file holds (an emoji, Arabic, a rare character) rather than draw empty boxes', async () => {
    const svg = (base: typeof zh, section: string | null, title: string) =>
      toCardSvg(ShareCard, card(base, section, title));
    expect(await svg(en, 'Services 🛫', 'Ramp 🚀 handling عربي and 👩‍✈️ crews')).toBe(
      await svg(en, 'Services', 'Ramp handling and crews'),
    );
    // A Chinese title keeps its words whole around what is left out: each break it keeps falls
    // where the title without the emoji breaks too.
    const { text, breaks } = toDrawable(
      '停機坪作業🚀與航機地面服務',
      toPhraseBreaks('停機坪作業🚀與航機地面服務'),
      new Set(['🚀']),
    );
    expect(text).toBe('停機坪作業與航機地面服務');
    expect(breaks?.length).toBeGreaterThan(2);
    expect(breaks?.filter((at) => !(toPhraseBreaks('停機坪作業與航機地面服務') ?? []).includes(at))).toEqual([]);
    expect(toDrawable('Ramp handling', [5], new Set())).toEqual({ text: 'Ramp handling', breaks: [5] });
  });

  it('lays out no more of a title than the card can show: a title pasted a page long draws what its start does', async () => {
    const start = '停機坪作業與旅客服務，'.repeat(16);
    const pasted = start + '貨運站與倉儲作業的安全管理，'.repeat(300);
    const svg = (title: string) => toCardSvg(ShareCard, card(zh, '服務項目', title));
    expect(await svg(pasted)).toBe(await svg(start));
  });
});

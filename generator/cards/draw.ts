import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import type * as ResvgPackage from '@resvg/resvg-js';
import type SharpModule from 'sharp';
import type { default as Satori } from 'satori';
import type { CardTask, ShareCardProps } from '../types.ts';
import { requirePackage, withoutExit } from '../node-module.ts';
import { loadServerModule } from '../render/server-module.ts';

// Draws share cards (behaviour.md: Sharing): the site's ShareCard layout through satori (layout and
// text to SVG paths), then resvg (SVG to PNG). The glyphs come from Noto Sans TC as the npm package
// @fontsource/noto-sans-tc ships it, as WOFF files split by Unicode range: only the files that hold
// a character some card draws are read.

export const CARD_SIZE = { width: 1200, height: 630 } as const;

interface FontFace {
  readonly file: string;
  readonly ranges: readonly (readonly [number, number])[];
}

/** The package's WOFF files of the card's one weight (its texts are all bold), each with the code points it holds. */
function readFaces(): FontFace[] {
  const fontPackage = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-tc/package.json'));
  const css = readFileSync(path.join(fontPackage, '700.css'), 'utf8');
  return [...css.matchAll(/url\(\.\/files\/([^)]+\.woff)\) format\('woff'\);\s*unicode-range: ([^;]+);/g)].map((m) => ({
    file: path.join(fontPackage, 'files', m[1] as string),
    ranges: (m[2] as string).split(',').map((range) => {
      const [from, to] = range.trim().slice(2).split('-') as [string, string | undefined];
      return [parseInt(from, 16), parseInt(to ?? from, 16)] as const;
    }),
  }));
}

let faces: FontFace[] | null = null;
/** The face whose range holds a code point (null: none), as looked up before. */
const faceOf = new Map<number, FontFace | null>();
/** Font files by path, each read once per process and kept: satori parses a given buffer once. */
const loadedFonts = new Map<string, { name: string; data: Buffer; weight: 700; style: 'normal' }>();
let renderers: [typeof Satori, typeof ResvgPackage] | null = null;

/** The font file whose range holds a code point, or null when none of the package's does. */
function toFace(point: number): FontFace | null {
  let face = faceOf.get(point);
  if (face === undefined) {
    faces ??= readFaces();
    face = faces.find((candidate) => candidate.ranges.some(([from, to]) => point >= from && point <= to)) ?? null;
    faceOf.set(point, face);
  }
  return face;
}

/** A font file as the package ships it, read once per process, each under a name of its own. */
function loadFont(face: FontFace) {
  let font = loadedFonts.get(face.file);
  if (!font) {
    font = { name: `card-${loadedFonts.size}`, data: readFileSync(face.file), weight: 700, style: 'normal' } as const;
    loadedFonts.set(face.file, font);
  }
  return font;
}

/** The fonts whose ranges hold a text's characters, in the package's order. */
function toFonts(text: string) {
  const needed = new Set<FontFace>();
  // A text of no characters still needs a font to be laid out: the one that holds a space.
  for (const char of text || ' ') {
    const face = toFace(char.codePointAt(0) as number);
    if (face) needed.add(face);
  }
  const fonts = (faces ?? []).filter((face) => needed.has(face)).map(loadFont);
  // The layout's `fontFamily: 'card'` names the first; satori looks for a glyph in the others too.
  return fonts.map((font, i) => (i === 0 ? { ...font, name: 'card' } : font));
}

/** The logo (an SVG data URL) drawn once per process as a PNG of the size cards show it. */
const rasterLogos = new Map<string, string>();
const LOGO_PX = 64;

/**
 * The logo as a PNG data URL: resvg draws an SVG image anew on every card (about a sixth of a
 * card's time), a small PNG it only copies. A URL that is not an SVG data URL is kept as it is.
 */
function toRasterLogo({ Resvg }: typeof ResvgPackage, logo: string): string {
  if (!logo.startsWith('data:image/svg+xml;base64,')) return logo;
  let png = rasterLogos.get(logo);
  if (!png) {
    const svg = Buffer.from(logo.slice(logo.indexOf(',') + 1), 'base64');
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: LOGO_PX }, font: { loadSystemFonts: false } });
    png = `data:image/png;base64,${Buffer.from(image.render().asPng()).toString('base64')}`;
    rasterLogos.set(logo, png);
  }
  return png;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A text without the characters `missing` (an emoji, Arabic, a rare character: no font file has
 * their glyphs), which would be drawn as empty boxes, its spaces then run together; with where its
 * word breaks fall now. A text that misses nothing is returned as it is.
 */
export function toDrawable(
  text: string,
  breaks: readonly number[] | null,
  missing: ReadonlySet<string>,
): { text: string; breaks: number[] | null } {
  const parts = [...graphemes.segment(text)];
  if (!parts.some((part) => missing.has(part.segment))) return { text, breaks: breaks && [...breaks] };
  let shown = '';
  /** Where each position of the text falls in the text shown. */
  const moved = new Map<number, number>();
  for (const { segment, index } of parts) {
    moved.set(index, shown.length);
    if (/^\s+$/.test(segment)) {
      if (shown !== '' && !shown.endsWith(' ')) shown += ' ';
    } else if (!missing.has(segment)) shown += segment;
  }
  shown = shown.trimEnd();
  const kept = (breaks ?? [])
    .map((b) => moved.get(b))
    .filter((b): b is number => b !== undefined && b > 0 && b < shown.length);
  return { text: shown, breaks: breaks && [...new Set(kept)] };
}

/** The card's texts without what `missing` names (see toDrawable). */
function toDrawableProps(props: ShareCardProps, missing: ReadonlySet<string>): ShareCardProps {
  const title = toDrawable(props.title, props.titleBreaks, missing);
  const plain = (text: string) => toDrawable(text, null, missing).text;
  return {
    ...props,
    title: title.text,
    titleBreaks: title.breaks,
    section: props.section === null ? null : plain(props.section),
    company: plain(props.company),
    brand: plain(props.brand),
    site: plain(props.site),
  };
}

/**
 * satori and resvg, loaded on first use. Required as CommonJS: through the ES module loader satori
 * and its packages take twice as long to load (each CommonJS file it imports is scanned for its
 * exports). A worker loads them before the server module, whose compiling turns source maps on
 * (generator/node-module.ts): loaded after it, satori's map would be read too.
 */
export function loadRenderers(): [typeof Satori, typeof ResvgPackage] {
  return (renderers ??= [
    requirePackage('satori').default as typeof Satori,
    requirePackage('@resvg/resvg-js') as typeof ResvgPackage,
  ]);
}

/**
 * The SVG of one card with the layout `Card`, laid out with the font files whose ranges hold its
 * characters. satori names the characters none of them has a glyph for (it asks for more fonts):
 * the card is then laid out again without them (see toDrawable).
 */
export async function toCardSvg(Card: ComponentType<ShareCardProps>, props: ShareCardProps): Promise<string> {
  const [satori, resvg] = loadRenderers();
  const logo = toRasterLogo(resvg, props.logo);
  const missing = new Set<string>();
  const layOut = (shown: ShareCardProps) =>
    satori(createElement(Card, { ...shown, logo }), {
      ...CARD_SIZE,
      fonts: toFonts([shown.title, shown.section ?? '', shown.company, shown.brand, shown.site].join('')),
      loadAdditionalAsset: (_language, segment) => {
        for (const { segment: grapheme } of graphemes.segment(segment)) missing.add(grapheme);
        return Promise.resolve([]);
      },
    });
  const svg = await layOut(props);
  return missing.size === 0 ? svg : layOut(toDrawableProps(props, missing));
}

/**
 * One card in each size: drawn once at 1200 × 630 (satori's SVG, rasterized by resvg on a thread of
 * libuv's pool while this thread lays out the next card), and in another shape as that card on the
 * layout's own background (`colors.navy`), centred, so a result that crops it to its shape still
 * shows the whole card (behaviour.md: Sharing). sharp pads the card's PNG and encodes it, a
 * quarter of what drawing each shape with resvg costs; no shape is smaller than the card.
 */
export async function drawCardSizes(
  Card: ComponentType<ShareCardProps>,
  props: ShareCardProps,
  sizes: CardTask['sizes'],
): Promise<Uint8Array[]> {
  const [, { renderAsync }] = loadRenderers();
  const image = await renderAsync(await toCardSvg(Card, props), { font: { loadSystemFonts: false } });
  const card = image.asPng();
  return Promise.all(sizes.map((size) => toShape(card, size, props.colors.navy)));
}

/** The card's PNG in a canvas of `size`, centred on `color`; the card itself for its own size. */
async function toShape(card: Uint8Array, size: CardTask['sizes'][number], color: string): Promise<Uint8Array> {
  if (size.width === CARD_SIZE.width && size.height === CARD_SIZE.height) return card;
  const sharp = requirePackage('sharp') as typeof SharpModule;
  const [top, left] = [(size.height - CARD_SIZE.height) >> 1, (size.width - CARD_SIZE.width) >> 1];
  const padded = sharp(card).extend({
    top,
    bottom: size.height - CARD_SIZE.height - top,
    left,
    right: size.width - CARD_SIZE.width - left,
    background: color,
  });
  return new Uint8Array(await padded.png().toBuffer());
}

/** Draws a card in its sizes with the layout its server module exports, the site's code kept from ending the process. */
export async function drawCardTask({ serverModule, props, sizes }: CardTask): Promise<Uint8Array[]> {
  // The renderers first: loading the server module turns source maps on (see loadRenderers).
  loadRenderers();
  const { ShareCard } = loadServerModule(serverModule);
  if (!ShareCard) throw new Error('the server module has no ShareCard');
  return withoutExit(() => drawCardSizes(ShareCard, props, sizes));
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type { default as Satori } from 'satori';
import {
  changedBox,
  compressLines,
  compressOver,
  cropSvg,
  encodePng,
  isOpaque,
  Palette,
  splitSvg,
  toIndexes,
  toScanlines,
  type CompressedLines,
} from './card-raster.ts';
import type { ShareCardProps } from './types.ts';
import { requirePackage } from './node-module.ts';
import { toGlyphCoverage, unpackWoff } from './woff.ts';

// Draws share cards (behaviour.md: Sharing): the site's ShareCard layout through satori (layout and
// text to SVG paths), then resvg (SVG to PNG). The glyphs come from Noto Sans TC as the npm package
// @fontsource/noto-sans-tc ships it, split by Unicode range: only the files that hold a character
// some card draws are read.

export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The font package's folder, found when the first card is drawn. */
const toFontPackage = () =>
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-tc/package.json'));

interface FontFace {
  readonly file: string;
  readonly weight: 700;
  readonly ranges: readonly (readonly [number, number])[];
}

/** The package's font files of a weight, each with the code points it holds. */
function readFaces(weight: 700): FontFace[] {
  const fontPackage = toFontPackage();
  const css = readFileSync(path.join(fontPackage, `${weight}.css`), 'utf8');
  return [...css.matchAll(/url\(\.\/files\/([^)]+\.woff)\) format\('woff'\);\s*unicode-range: ([^;]+);/g)].map((m) => ({
    file: path.join(fontPackage, 'files', m[1] as string),
    weight,
    ranges: (m[2] as string).split(',').map((range) => {
      const [from, to] = range.trim().slice(2).split('-') as [string, string | undefined];
      return [parseInt(from, 16), parseInt(to ?? from, 16)] as const;
    }),
  }));
}

/** The text a card draws. */
export function toCardText(props: ShareCardProps): string {
  return [props.title, props.section ?? '', props.company, props.brand, props.site].join('');
}

/** Font files by path, each read once per process and kept: satori parses a given buffer once. */
const loadedFonts = new Map<string, { name: string; data: Buffer; weight: 700; style: 'normal' }>();
let faces: FontFace[] | null = null;
/** The face that holds a code point (null: none), as looked up before. */
const faceOf = new Map<number, FontFace | null>();
let renderers: [typeof Satori, typeof ResvgClass] | null = null;

/** The logo (an SVG data URL) drawn once per process as a PNG of the size cards show it. */
const rasterLogos = new Map<string, string>();
const LOGO_PX = 64;

/**
 * The logo as a PNG data URL: resvg draws an SVG image anew on every card (about a sixth of a
 * card's time), a small PNG it only copies. A URL that is not an SVG data URL is kept as it is.
 */
function toRasterLogo(Resvg: typeof ResvgClass, logo: string): string {
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

/** The package's font files of the card's one weight: its texts are all bold. */
const toFaces = () => (faces ??= readFaces(700));

/** The font file that holds a code point, or null when none of the package's does. */
function toFace(point: number): FontFace | null {
  let face = faceOf.get(point);
  if (face === undefined) {
    face = toFaces().find((candidate) => candidate.ranges.some(([from, to]) => point >= from && point <= to)) ?? null;
    faceOf.set(point, face);
  }
  return face;
}

/** Each font file's glyph coverage, read when a character in its range is first asked about. */
const coverage = new Map<string, (point: number) => boolean>();

/** Whether each code point asked about has a glyph, as found before. */
const glyphs = new Map<number, boolean>();

/** Whether a font file of the package holds a glyph for a code point, not only the range it lies in. */
function hasGlyph(point: number): boolean {
  let has = glyphs.get(point);
  if (has === undefined) {
    const face = toFace(point);
    let covers = face ? coverage.get(face.file) : undefined;
    if (face && !covers) {
      covers = toGlyphCoverage(loadFont(face).data);
      coverage.set(face.file, covers);
    }
    has = covers?.(point) ?? false;
    glyphs.set(point, has);
  }
  return has;
}

/**
 * A text without the characters no font file holds (an emoji, Arabic, a rare character), which
 * would be drawn as empty boxes, its spaces then run together; with where its word breaks fall
 * now. A text of drawable characters only is returned as it is.
 */
export function toDrawable(text: string, breaks: readonly number[] | null): { text: string; breaks: number[] | null } {
  const chars = [...text];
  const drawable = (char: string) => /\s/.test(char) || hasGlyph(char.codePointAt(0) as number);
  if (chars.every(drawable)) return { text, breaks: breaks && [...breaks] };
  let shown = '';
  /** Where each position of the text falls in the text shown. */
  const moved = new Map<number, number>();
  let at = 0;
  for (const char of chars) {
    moved.set(at, shown.length);
    if (/\s/.test(char)) {
      if (shown !== '' && !shown.endsWith(' ')) shown += ' ';
    } else if (drawable(char)) shown += char;
    at += char.length;
  }
  shown = shown.trimEnd();
  const kept = (breaks ?? [])
    .map((b) => moved.get(b))
    .filter((b): b is number => b !== undefined && b > 0 && b < shown.length);
  return { text: shown, breaks: breaks && [...new Set(kept)] };
}

/** The card's texts as they can be drawn (see toDrawable). */
function toDrawableProps(props: ShareCardProps): ShareCardProps {
  const title = toDrawable(props.title, props.titleBreaks);
  const plain = (text: string) => toDrawable(text, null).text;
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

/** A font file, read once per process. */
function loadFont(face: FontFace) {
  let font = loadedFonts.get(face.file);
  if (!font) {
    // Each file under a name of its own: satori then looks for a missing glyph in the others.
    font = {
      name: `card-${loadedFonts.size}`,
      data: unpackWoff(readFileSync(face.file)),
      weight: 700,
      style: 'normal',
    } as const;
    loadedFonts.set(face.file, font);
  }
  return font;
}

/** The fonts that hold a text's characters: read once per process, each under a name of its own. */
function toFonts(text: string) {
  const all = toFaces();
  const needed = new Set<FontFace>();
  // A text of no characters still needs a font to be laid out: the one that holds a space.
  for (const char of text || ' ') {
    const point = char.codePointAt(0) as number;
    const face = toFace(point);
    if (face) needed.add(face);
  }
  const fonts = all.filter((face) => needed.has(face)).map(loadFont);
  // The layout's `fontFamily: 'card'` names the first; the others are fallbacks.
  return fonts.map((font, i) => (i === 0 ? { ...font, name: 'card' } : font));
}

/**
 * A card's frame: its layout without a title or section, drawn whole. Null parts when some pixel is
 * not opaque or its SVG is not one satori writes: cards are then drawn whole.
 */
interface Frame {
  readonly children: readonly string[];
  /** Its pixels as RGBA. */
  readonly pixels: Uint8Array | null;
  /** As an indexed PNG's scanlines (null: more colours than a palette holds), compressed. */
  readonly indexed: { palette: Palette; lines: Buffer; compressed: CompressedLines } | null;
  /** As RGBA scanlines, compressed: made when a card first needs them (its colours overflow the palette). */
  rgba: { lines: Buffer; compressed: CompressedLines } | null;
}
const frames = new Map<string, Frame>();
const FRAME_LIMIT = 8;

/**
 * satori and resvg, loaded on first use. Required as CommonJS: through the ES module loader satori
 * and its packages take twice as long to load (each CommonJS file it imports is scanned for its
 * exports). A card worker loads them before the server module, whose compiling turns source maps on
 * (generator/node-module.ts): loaded after it, satori's map would be read too.
 */
export function loadRenderers(): [typeof Satori, typeof ResvgClass] {
  return (renderers ??= [
    requirePackage('satori').default as typeof Satori,
    (requirePackage('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg,
  ]);
}

/**
 * The SVG of one card with the layout `Card`: the font files that hold its characters are read
 * (once per process), and a character outside the package's files is left out (see toDrawable).
 */
export async function toCardSvg(Card: ComponentType<ShareCardProps>, props: ShareCardProps): Promise<string> {
  const [satori, Resvg] = loadRenderers();
  const shown = toDrawableProps(props);
  return satori(createElement(Card, { ...shown, logo: toRasterLogo(Resvg, props.logo) }), {
    ...CARD_SIZE,
    fonts: toFonts(toCardText(shown)),
  });
}

/**
 * Draws one card as a PNG. Only where its SVG differs from its frame's is it rasterized (see
 * card-raster.ts); the frame, drawn once per process, is the card's own layout without a title or
 * section, so a card comes out the same, byte for byte, whichever cards the process drew before.
 */
export async function drawCard(Card: ComponentType<ShareCardProps>, props: ShareCardProps): Promise<Uint8Array> {
  const [, Resvg] = loadRenderers();
  const { width, height } = CARD_SIZE;
  const render = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  // Whole, a card is drawn as a crop is, to the canvas: without what lies wholly off it, where a
  // clipped group can stop resvg's process (see cropSvg).
  const canvas = { x0: 0, y0: 0, x1: width, y1: height };
  const draw = (svg: string) => {
    const parts = splitSvg(svg);
    return render((parts && cropSvg(parts, canvas)) ?? svg);
  };
  const svg = await toCardSvg(Card, props);
  const frameProps: ShareCardProps = { ...props, title: '', titleBreaks: null, section: null };
  const frameKey = JSON.stringify(frameProps);
  let frame = frames.get(frameKey);
  if (!frame) {
    const frameSvg = await toCardSvg(Card, frameProps);
    const rendered = draw(frameSvg).pixels;
    const parts = splitSvg(frameSvg);
    const palette = new Palette();
    // Indexed pixels are opaque: only a frame of too many colours is looked at again.
    const indexes = parts && toIndexes(rendered, palette);
    const pixels = parts && (indexes || isOpaque(rendered)) ? rendered : null;
    const lines = indexes && toScanlines(indexes, width, height, 1);
    frame = {
      children: parts?.children ?? [],
      pixels,
      indexed: lines && { palette, lines, compressed: compressLines(lines, width, height, 1) },
      rgba: null,
    };
    if (frames.size >= FRAME_LIMIT) frames.delete(frames.keys().next().value as string);
    frames.set(frameKey, frame);
  }
  const parts = splitSvg(svg);
  const box = frame.pixels && parts ? changedBox(frame.children, parts.children, width, height) : null;
  if (!frame.pixels || !parts || !box) return draw(svg).asPng();
  const cropped = box.x0 < box.x1 ? cropSvg(parts, box) : null;
  if (box.x0 < box.x1 && !cropped) return draw(svg).asPng();
  const pixels = cropped ? render(cropped).pixels : new Uint8Array(0);
  // Mostly a card's colours are few (its text antialiased on one background): an indexed PNG,
  // a quarter of the bytes to compress, and its file about half the size.
  if (frame.indexed) {
    const palette = new Palette(frame.indexed.palette);
    const indexes = toIndexes(pixels, palette);
    if (indexes) {
      const { lines, compressed } = frame.indexed;
      const over = cropped ? compressOver(compressed, lines, width, height, box, indexes, 1) : compressed;
      return encodePng(width, height, over, palette);
    }
  }
  // A card that lets the background show through is drawn whole: its PNG needs colours un-premultiplied.
  if (!isOpaque(pixels)) return draw(svg).asPng();
  if (!frame.rgba) {
    const lines = toScanlines(frame.pixels, width, height);
    frame.rgba = { lines, compressed: compressLines(lines, width, height) };
  }
  const { lines, compressed } = frame.rgba;
  return encodePng(width, height, cropped ? compressOver(compressed, lines, width, height, box, pixels) : compressed);
}

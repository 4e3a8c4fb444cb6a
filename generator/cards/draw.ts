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

// Share cards (behaviour.md: Sharing): satori lays out to SVG, resvg rasterizes. Fonts are
// @fontsource/noto-sans-tc's WOFF files split by Unicode range; only those a card needs are read.

export const CARD_SIZE = { width: 1200, height: 630 } as const;

interface FontFace {
  readonly file: string;
  readonly ranges: readonly (readonly [number, number])[];
}

/** Bold only: every card text is bold. */
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
const faceOf = new Map<number, FontFace | null>();
/** Kept: satori parses a given buffer once. */
const loadedFonts = new Map<string, { name: string; data: Buffer; weight: 700; style: 'normal' }>();
let renderers: [typeof Satori, typeof ResvgPackage] | null = null;

function toFace(point: number): FontFace | null {
  let face = faceOf.get(point);
  if (face === undefined) {
    faces ??= readFaces();
    face = faces.find((candidate) => candidate.ranges.some(([from, to]) => point >= from && point <= to)) ?? null;
    faceOf.set(point, face);
  }
  return face;
}

function loadFont(face: FontFace) {
  let font = loadedFonts.get(face.file);
  if (!font) {
    font = { name: `card-${loadedFonts.size}`, data: readFileSync(face.file), weight: 700, style: 'normal' } as const;
    loadedFonts.set(face.file, font);
  }
  return font;
}

function toFonts(text: string) {
  const needed = new Set<FontFace>();
  // An empty text still needs a font.
  for (const char of text || ' ') {
    const face = toFace(char.codePointAt(0) as number);
    if (face) needed.add(face);
  }
  const fonts = (faces ?? []).filter((face) => needed.has(face)).map(loadFont);
  // The layout's `fontFamily: 'card'` names the first; satori looks for a glyph in the others too.
  return fonts.map((font, i) => (i === 0 ? { ...font, name: 'card' } : font));
}

const rasterLogos = new Map<string, string>();
const LOGO_PX = 64;

/** resvg redraws an SVG image on every card but only copies a PNG. */
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

/** Drops characters no font has (they would draw as boxes), collapsing spaces and moving the breaks. */
export function toDrawable(text: string, breaks: readonly number[] | null, missing: ReadonlySet<string>) {
  const parts = [...graphemes.segment(text)];
  if (!parts.some((part) => missing.has(part.segment))) return { text, breaks: breaks && [...breaks] };
  let shown = '';
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
 * As CommonJS: the ES module loader scans each CommonJS file's exports and is much slower. Load
 * before the server module, which turns source maps on (generator/node-module.ts).
 */
function loadRenderers(): [typeof Satori, typeof ResvgPackage] {
  return (renderers ??= [
    requirePackage('satori').default as typeof Satori,
    requirePackage('@resvg/resvg-js') as typeof ResvgPackage,
  ]);
}

/** Characters satori finds no glyph for are dropped and the card laid out again. */
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
 * Drawn once; other shapes pad it on `colors.navy`, centred, so a crop still shows the whole card
 * (behaviour.md: Sharing). Padding with sharp is far cheaper than drawing each shape.
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

/** The site's code is kept from ending the process. */
export async function drawCardTask({ serverModule, props, sizes }: CardTask): Promise<Uint8Array[]> {
  // Before the server module: see loadRenderers.
  loadRenderers();
  const { ShareCard } = loadServerModule(serverModule);
  if (!ShareCard) throw new Error('the server module has no ShareCard');
  return withoutExit(() => drawCardSizes(ShareCard, props, sizes));
}

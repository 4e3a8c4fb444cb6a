import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type { default as Satori } from 'satori';
import type { ShareCardProps } from './types.ts';

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
let renderers: Promise<[typeof Satori, typeof ResvgClass]> | null = null;

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

/**
 * Draws one card with the layout `Card`: the font files that hold its characters are read (once
 * per process), and a character outside the package's files is drawn blank.
 */
export async function drawCard(Card: ComponentType<ShareCardProps>, props: ShareCardProps): Promise<Uint8Array> {
  renderers ??= Promise.all([import('satori').then((m) => m.default), import('@resvg/resvg-js').then((m) => m.Resvg)]);
  const [satori, Resvg] = await renderers;
  // One weight: the card's texts are all bold, and each weight's files would be read and parsed too.
  faces ??= readFaces(700);
  const points = [...new Set([...toCardText(props)].map((c) => c.codePointAt(0) as number))];
  const fonts = faces
    .filter((face) => points.some((p) => face.ranges.some(([from, to]) => p >= from && p <= to)))
    .map((face) => {
      let font = loadedFonts.get(face.file);
      if (!font) {
        // Each file under a name of its own: satori then looks for a missing glyph in the others.
        font = { name: `card-${loadedFonts.size}`, data: readFileSync(face.file), weight: 700, style: 'normal' };
        loadedFonts.set(face.file, font);
      }
      return font;
    });
  // The layout's `fontFamily: 'card'` names the first; the others are fallbacks.
  const named = fonts.map((font, i) => (i === 0 ? { ...font, name: 'card' } : font));
  const svg = await satori(createElement(Card, { ...props, logo: toRasterLogo(Resvg, props.logo) }), {
    ...CARD_SIZE,
    fonts: named,
  });
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

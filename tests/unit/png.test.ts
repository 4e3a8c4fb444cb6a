import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../generator/png.ts';

/** The pixels another decoder (resvg's) reads from a PNG, drawn 1:1 onto a canvas of its size. */
function decode(png: Buffer, width: number, height: number): Uint8Array {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" image-rendering="optimizeSpeed" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
}

/** A test pattern of `width` × `height` pixels, each channel its own value; alpha as given. */
function pattern(width: number, height: number, alpha: (i: number) => number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const a = alpha(i);
    // Premultiplied, as resvg holds them: no channel above its alpha.
    pixels[i * 4] = Math.round(((i * 37) % 256) * (a / 255));
    pixels[i * 4 + 1] = Math.round(((i * 91 + 13) % 256) * (a / 255));
    pixels[i * 4 + 2] = Math.round(((i * 53 + 200) % 256) * (a / 255));
    pixels[i * 4 + 3] = a;
  }
  return pixels;
}

const colourType = (png: Buffer) => png[25];

describe('the PNG encoder of share cards', () => {
  it('writes an opaque image as RGB that another decoder reads back pixel for pixel', () => {
    const pixels = pattern(37, 11, () => 255);
    const png = encodePng(pixels, 37, 11);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.readUInt32BE(16)).toBe(37);
    expect(png.readUInt32BE(20)).toBe(11);
    expect(colourType(png)).toBe(2);
    expect([...decode(png, 37, 11)]).toEqual([...pixels]);
  });

  it('keeps transparency: premultiplied pixels are written straight and read back within rounding', () => {
    const alphas = [0, 1, 64, 128, 200, 255];
    const pixels = pattern(12, 5, (i) => alphas[i % alphas.length] as number);
    const png = encodePng(pixels, 12, 5);
    expect(colourType(png)).toBe(6);
    const back = decode(png, 12, 5);
    for (let i = 0; i < pixels.length; i++) expect(Math.abs((back[i] as number) - (pixels[i] as number))).toBeLessThan(2);
  });

  it('compresses a card-like image (one colour, a little text) well below the raw size', () => {
    const width = 1200;
    const height = 630;
    const pixels = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) pixels.set(i % 997 < 20 ? [255, 255, 255, 255] : [15, 39, 64, 255], i * 4);
    expect(encodePng(pixels, width, height).length).toBeLessThan(width * height * 0.05);
  });

  it('refuses pixels that do not fill the size, and a size of no pixels', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow('10 bytes are not 2 × 2 RGBA pixels');
    expect(() => encodePng(new Uint8Array(0), 0, 0)).toThrow('cannot be written');
  });
});

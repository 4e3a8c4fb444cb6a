import fc from 'fast-check';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toPngDecodeFault } from '../../generator/png.ts';
import { toPng } from '../helpers/png.ts';

// A PNG the site publishes as its own image is decoded before it is published (behaviour.md:
// Safety): well-formed chunks are not enough, and inflating stops at the size the header promises.

/** The image data of an RGBA image, each row filtered with `filter`. */
const rgbaRows = (width: number, height: number, filter = 0) =>
  Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([filter]), Buffer.alloc(width * 4, 200)])),
  );

describe('decoding a PNG', () => {
  it('accepts an image whose data inflates to the rows its header promises, interlaced or not', () => {
    expect(toPngDecodeFault(toPng(40, 3, deflateSync(rgbaRows(40, 3))))).toBeNull();
    // Adam7 of a 3 × 3 RGBA image: passes 2 and 3 are empty; 1, 4, 5, 6 and 7 hold 1+1+1+2+1 rows.
    const header = Buffer.from([0, 0, 0, 3, 0, 0, 0, 3, 8, 6, 0, 0, 1]);
    const passes = [
      [1, 1],
      [1, 1],
      [2, 1],
      [1, 2],
      [3, 1],
    ].flatMap(([across, down]) => Array.from({ length: down as number }, () => 1 + (across as number) * 4));
    const data = Buffer.concat(passes.map((length) => Buffer.alloc(length)));
    expect(toPngDecodeFault(toPng(3, 3, deflateSync(data), header))).toBeNull();
  });

  it('names what is wrong: data that is not zlib, of another size, too much of it, or an unknown filter', () => {
    expect(toPngDecodeFault(toPng(40, 3, Buffer.from('not zlib at all')))).toBe('holds image data that is not zlib');
    expect(toPngDecodeFault(toPng(40, 3, deflateSync(rgbaRows(40, 2))))).toBe(
      'holds image data of another size than its header says',
    );
    expect(toPngDecodeFault(toPng(40, 3, deflateSync(Buffer.alloc(10_000_000))))).toBe(
      'holds more image data than its size allows',
    );
    expect(toPngDecodeFault(toPng(40, 3, deflateSync(rgbaRows(40, 3, 9))))).toBe('holds a row with an unknown filter');
    expect(toPngDecodeFault(toPng(40, 3, deflateSync(rgbaRows(40, 3)), Buffer.alloc(13)))).toBe(
      'is 0 × 0 pixels, too many to decode',
    );
    const paletteOf16 = Buffer.from([0, 0, 0, 40, 0, 0, 0, 3, 16, 3, 0, 0, 0]);
    expect(toPngDecodeFault(toPng(40, 3, deflateSync(rgbaRows(40, 3)), paletteOf16))).toBe(
      'has an image header no viewer reads',
    );
    const huge = Buffer.from([0, 0, 0x7f, 0xff, 0, 0, 0x7f, 0xff, 8, 6, 0, 0, 0]);
    expect(toPngDecodeFault(toPng(1, 1, deflateSync(Buffer.alloc(1)), huge))).toMatch(/too many to decode$/);
  });

  it('answers for any image data, true or damaged, without throwing', () => {
    const good = deflateSync(rgbaRows(12, 5));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }),
          fc
            .tuple(fc.nat(good.length - 1), fc.integer({ min: 1, max: 255 }))
            .map(([at, flip]) => Uint8Array.from(good, (byte, i) => (i === at ? byte ^ flip : byte))),
        ),
        (idat) => {
          const fault = toPngDecodeFault(toPng(12, 5, idat));
          expect(fault === null || typeof fault === 'string').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

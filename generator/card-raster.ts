import { constants, crc32, deflateRawSync } from 'node:zlib';

// What lets a share card be drawn in part (behaviour.md: Sharing): the cards of a locale share
// their frame (the brand, the company, the site's address) and differ in their title and section.
// Rasterizing a whole 1200 × 630 canvas costs more than everything else a card does, so the frame
// is drawn once, and each card only where its SVG differs from the frame's; the PNG is then
// written here. Everything that cannot be bounded for certain (a transform, a filter, a gradient,
// text left as text) makes the card drawn whole instead.

/** A rectangle of the canvas in pixels: x0 ≤ x < x1, y0 ≤ y < y1. Empty when x0 ≥ x1. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

const EMPTY: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };

const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});

/** The box of some points, each widened by `margin`. */
function around(points: readonly (readonly [number, number])[], margin = 0): Box {
  let box = EMPTY;
  for (const [x, y] of points) box = union(box, { x0: x - margin, y0: y - margin, x1: x + margin, y1: y + margin });
  return box;
}

/** An SVG document as its root's opening tag and the root's children, each as written. */
export interface SvgParts {
  readonly open: string;
  readonly children: readonly string[];
}

const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

/**
 * Splits an SVG document into its root's opening tag and children. Null for anything but one
 * `<svg>` root whose children are elements (text between them, comments or a declaration).
 */
export function splitSvg(svg: string): SvgParts | null {
  let depth = 0;
  let open: string | null = null;
  let start = 0;
  let last = 0;
  let closed = false;
  const children: string[] = [];
  for (const match of svg.matchAll(TAG)) {
    const [tag, closing, name, , selfClosing] = match;
    const at = match.index;
    if (closed || (depth <= 1 && svg.slice(last, at).trim() !== '')) return null;
    last = at + tag.length;
    if (depth === 0) {
      if (closing || selfClosing || name !== 'svg' || open !== null) return null;
      open = tag;
      depth = 1;
      continue;
    }
    if (closing) {
      depth -= 1;
      if (depth === 0) closed = true;
      else if (depth === 1) children.push(svg.slice(start, last));
      continue;
    }
    if (depth === 1) start = at;
    if (selfClosing) {
      if (depth === 1) children.push(tag);
    } else depth += 1;
  }
  // Text inside an element (a <style>, a <text>) is inside a child: only text between the root's
  // children is refused, above.
  return open && closed && svg.slice(last).trim() === '' ? { open, children } : null;
}

const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

const number = (attributes: string, name: string, fallback: number | null = 0): number | null => {
  const value = attribute(attributes, name);
  if (value === undefined) return fallback;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value.trim()) ? Number(value) : null;
};

/** Path data of absolute moves, lines and curves only (glyph outlines): every number is an x or a y, in turn. */
const ABSOLUTE_PAIRS = /^\s*M[\d\s,.MLQCZ-]*$/;

function pairsBox(d: string): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let count = 0;
  // The numbers are the runs of digits, dots and minus signs between the separators (white space,
  // commas, the command letters): read where they stand, without splitting the data into an array.
  const length = d.length;
  for (let at = 0; at < length;) {
    const code = d.charCodeAt(at);
    if (!isNumberChar(code)) {
      at += 1;
      continue;
    }
    let end = at + 1;
    while (end < length && isNumberChar(d.charCodeAt(end))) end += 1;
    const value = Number(d.slice(at, end));
    if (!Number.isFinite(value)) return null;
    if (count % 2 === 0) {
      if (value < x0) x0 = value;
      if (value > x1) x1 = value;
    } else {
      if (value < y0) y0 = value;
      if (value > y1) y1 = value;
    }
    count += 1;
    at = end;
  }
  return count % 2 === 0 ? { x0, y0, x1, y1 } : null;
}

/** A digit, a dot or a minus sign. */
const isNumberChar = (code: number) => (code >= 48 && code <= 57) || code === 46 || code === 45;

const PATH_TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
const ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/**
 * The box of a path's data: every end point and control point (a Bézier curve stays inside
 * them), and around an arc's start the reach of its ellipse, radii scaled up as a renderer does
 * when they are too small. Null for data it cannot read.
 */
export function pathBox(d: string): Box | null {
  if (ABSOLUTE_PAIRS.test(d)) return pairsBox(d);
  if (d.replace(PATH_TOKEN, '').replace(/[\s,]/g, '') !== '') return null;
  const tokens = d.match(PATH_TOKEN) ?? [];
  let box = EMPTY;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let i = 0;
  while (i < tokens.length) {
    const command = tokens[i] as string;
    const lower = command.toLowerCase();
    const arity = ARITY[lower];
    if (arity === undefined || (i === 0 && lower !== 'm')) return null;
    i += 1;
    const args: number[] = [];
    while (i < tokens.length && ARITY[(tokens[i] as string).toLowerCase()] === undefined)
      args.push(Number(tokens[i++]));
    if (arity === 0) {
      if (args.length > 0) return null;
      x = startX;
      y = startY;
      continue;
    }
    if (args.length === 0 || args.length % arity !== 0) return null;
    const relative = command !== command.toUpperCase();
    for (let k = 0; k < args.length; k += arity) {
      const a = args.slice(k, k + arity);
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      if (lower === 'h') {
        x = ox + (a[0] as number);
      } else if (lower === 'v') {
        y = oy + (a[0] as number);
      } else if (lower === 'a') {
        const [rx0, ry0, angle, , , ex, ey] = a as [number, number, number, number, number, number, number];
        const endX = ox + ex;
        const endY = oy + ey;
        let reach = 0;
        if (rx0 !== 0 && ry0 !== 0) {
          const phi = (angle * Math.PI) / 180;
          const hx = (x - endX) / 2;
          const hy = (y - endY) / 2;
          const px = Math.cos(phi) * hx + Math.sin(phi) * hy;
          const py = -Math.sin(phi) * hx + Math.cos(phi) * hy;
          const rx = Math.abs(rx0);
          const ry = Math.abs(ry0);
          const lambda = (px * px) / (rx * rx) + (py * py) / (ry * ry);
          reach = 2 * Math.max(rx, ry) * Math.max(1, Math.sqrt(lambda));
        }
        box = union(box, around([[x, y]], reach));
        x = endX;
        y = endY;
      } else {
        const points: [number, number][] = [];
        for (let p = 0; p < arity; p += 2) points.push([ox + (a[p] as number), oy + (a[p + 1] as number)]);
        box = union(box, around(points));
        [x, y] = points[points.length - 1] as [number, number];
      }
      box = union(box, around([[x, y]]));
      // After a move, further pairs are lines; a subpath starts where it moved to.
      if (lower === 'm' && k === 0) {
        startX = x;
        startY = y;
      }
    }
  }
  return box;
}

const CONTAINERS = new Set(['g', 'mask', 'clipPath', 'defs']);

/** Boxes of children seen before, by their markup: a frame's children recur in every card. */
const boxes = new Map<string, Box | null>();
const BOX_LIMIT = 4096;

/** `elementBox`, remembered. */
export function boxOf(element: string): Box | null {
  let box = boxes.get(element);
  if (box === undefined) {
    box = elementBox(element);
    if (boxes.size >= BOX_LIMIT) boxes.delete(boxes.keys().next().value as string);
    boxes.set(element, box);
  }
  return box;
}

/**
 * The box an element can paint in (or, for a mask or clip path, let another element paint in),
 * strokes included. Null when it cannot be known from the markup alone: a transform, a filter, a
 * gradient or pattern (it changes whatever uses it, wherever that is), text, or a tag not listed.
 */
export function elementBox(element: string): Box | null {
  let box = EMPTY;
  for (const [, closing, name, attributes] of element.matchAll(TAG) as IterableIterator<
    [string, string, string, string]
  >) {
    if (closing) continue;
    if (/(?:^|\s)(?:transform|filter|style)=/.test(attributes)) return null;
    let part: Box | null;
    if (CONTAINERS.has(name)) continue;
    else if (name === 'rect' || name === 'image') {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((n) =>
        number(attributes, n, n === 'x' || n === 'y' ? 0 : null),
      );
      part =
        x == null || y == null || w == null || h == null
          ? null
          : around([
              [x, y],
              [x + w, y + h],
            ]);
    } else if (name === 'path') {
      const d = attribute(attributes, 'd');
      part = d === undefined ? EMPTY : pathBox(d);
    } else if (name === 'polygon' || name === 'polyline') {
      const values = (attribute(attributes, 'points') ?? '')
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      part =
        values.length % 2 !== 0 || values.some((v) => !Number.isFinite(v))
          ? null
          : around(
              Array.from(
                { length: values.length / 2 },
                (_, k) => [values[2 * k], values[2 * k + 1]] as [number, number],
              ),
            );
    } else if (name === 'circle' || name === 'ellipse') {
      const [cx, cy] = [number(attributes, 'cx'), number(attributes, 'cy')];
      const r =
        name === 'circle'
          ? number(attributes, 'r', null)
          : Math.max(number(attributes, 'rx', null) ?? NaN, number(attributes, 'ry', null) ?? NaN);
      part = cx == null || cy == null || r == null || !Number.isFinite(r) ? null : around([[cx, cy]], r);
    } else if (name === 'line') {
      const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((n) => number(attributes, n));
      part =
        x1 == null || y1 == null || x2 == null || y2 == null
          ? null
          : around([
              [x1, y1],
              [x2, y2],
            ]);
    } else return null;
    if (!part) return null;
    const stroke = number(attributes, 'stroke-width', 1);
    if (stroke == null) return null;
    // A stroke reaches half its width beyond the outline; a miter join further: a whole width each way.
    box = union(
      box,
      attribute(attributes, 'stroke')
        ? { x0: part.x0 - stroke, y0: part.y0 - stroke, x1: part.x1 + stroke, y1: part.y1 + stroke }
        : part,
    );
  }
  return box;
}

/** Children that paint nothing themselves: what they define is used by others. */
const DEFINITIONS = /^<(?:mask|clipPath|defs)[\s>]/;

/**
 * Where a card can differ from its frame: the box of every child of one that is not, as written,
 * a child of the other, in whole pixels with a margin for antialiasing, within the canvas. Null
 * when the children they share are in another order, or a changed child cannot be bounded.
 */
export function changedBox(
  frame: readonly string[],
  card: readonly string[],
  width: number,
  height: number,
): Box | null {
  const count = new Map<string, number>();
  for (const child of frame) count.set(child, (count.get(child) ?? 0) + 1);
  const shared = new Map<string, number>();
  for (const child of card) {
    const left = (count.get(child) ?? 0) - (shared.get(child) ?? 0);
    if (left > 0) shared.set(child, (shared.get(child) ?? 0) + 1);
  }
  /** The children of a list that the other has too (as many times as both have them), and the rest. */
  const part = (list: readonly string[]) => {
    const taken = new Map<string, number>();
    const kept: string[] = [];
    const changed: string[] = [];
    for (const child of list) {
      const used = taken.get(child) ?? 0;
      if (used < (shared.get(child) ?? 0)) {
        taken.set(child, used + 1);
        kept.push(child);
      } else changed.push(child);
    }
    return { kept, changed };
  };
  const a = part(frame);
  const b = part(card);
  if (a.kept.length !== b.kept.length || a.kept.some((child, i) => child !== b.kept[i])) return null;
  let box = EMPTY;
  for (const child of [...a.changed, ...b.changed]) {
    if (DEFINITIONS.test(child)) {
      // A mask or clip path changes only what uses it. Used only by changed children, whose own
      // boxes bound what they paint, it adds nothing; used by a child they share, it is not
      // bounded here (the card is drawn whole).
      const ids = [...child.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string);
      if (a.kept.some((kept) => ids.some((id) => kept.includes(`#${id})`) || kept.includes(`#${id}"`)))) return null;
      continue;
    }
    const childBox = boxOf(child);
    if (!childBox) return null;
    box = union(box, childBox);
  }
  if (box.x0 >= box.x1 || box.y0 >= box.y1) return EMPTY;
  const MARGIN = 2;
  const clipped = {
    x0: Math.max(0, Math.floor(box.x0) - MARGIN),
    y0: Math.max(0, Math.floor(box.y0) - MARGIN),
    x1: Math.min(width, Math.ceil(box.x1) + MARGIN),
    y1: Math.min(height, Math.ceil(box.y1) + MARGIN),
  };
  return clipped.x0 >= clipped.x1 || clipped.y0 >= clipped.y1 ? EMPTY : clipped;
}

/** The root's opening tag of a document drawn at its own size: satori writes it this way. */
const ROOT = /^<svg width="(\d+)" height="(\d+)" viewBox="0 0 \1 \2"/;

/**
 * The same document drawn only within `box`, at the same scale; null for another kind of root.
 * A child that paints only outside the box is left out: resvg stops the whole process (a Rust
 * panic, not an error) on some clipped groups that lie wholly outside the canvas.
 */
export function cropSvg(parts: SvgParts, box: Box): string | null {
  if (!ROOT.test(parts.open)) return null;
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const inside = parts.children.filter((child) => {
    if (DEFINITIONS.test(child)) return true;
    const painted = boxOf(child);
    return !painted || (painted.x0 < box.x1 && painted.x1 > box.x0 && painted.y0 < box.y1 && painted.y1 > box.y0);
  });
  return `${parts.open.replace(ROOT, `<svg width="${w}" height="${h}" viewBox="${box.x0} ${box.y0} ${w} ${h}"`)}${inside.join('')}</svg>`;
}

/** Whether every pixel of RGBA data is opaque (its colours then need no un-premultiplying). */
export function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * Pixels as PNG scanlines: each row after a filter byte (0, none). `channels` is the bytes a pixel
 * takes: 4 for RGBA, 1 for an index into a palette.
 */
export function toScanlines(pixels: Uint8Array, width: number, height: number, channels = 4): Buffer {
  const row = width * channels;
  const lines = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) lines.set(pixels.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  return lines;
}

/** Copies the pixels of `box` into scanlines that start at row `top` of the canvas. */
function paste(lines: Uint8Array, top: number, width: number, box: Box, pixels: Uint8Array, channels: number): void {
  const row = (box.x1 - box.x0) * channels;
  const line = width * channels + 1;
  const rows = lines.length / line;
  for (let y = Math.max(box.y0, top); y < Math.min(box.y1, top + rows); y++) {
    const from = (y - box.y0) * row;
    lines.set(pixels.subarray(from, from + row), (y - top) * line + 1 + box.x0 * channels);
  }
}

/** The most colours a PNG palette holds. */
const PALETTE_SIZE = 256;

/**
 * The colours of an indexed PNG, in the order they were first met, each as its red, green and blue
 * bytes in one number (r | g << 8 | b << 16). A card's palette is its frame's with the colours its
 * own pixels add after them, so the frame's compressed rows stay valid for every card.
 */
export class Palette {
  private readonly indexes: Map<number, number>;
  private readonly colors: number[];

  constructor(from?: Palette) {
    this.indexes = new Map(from?.indexes);
    this.colors = [...(from?.colors ?? [])];
  }

  /** The index of a colour, added when it is new; -1 when it is new and the palette is full. */
  indexOf(color: number): number {
    let index = this.indexes.get(color);
    if (index === undefined) {
      if (this.colors.length >= PALETTE_SIZE) return -1;
      index = this.colors.length;
      this.colors.push(color);
      this.indexes.set(color, index);
    }
    return index;
  }

  /** The data of the PNG's PLTE chunk. */
  toBytes(): Buffer {
    const bytes = Buffer.alloc(this.colors.length * 3);
    this.colors.forEach((color, i) => bytes.set([color & 0xff, (color >> 8) & 0xff, (color >> 16) & 0xff], i * 3));
    return bytes;
  }
}

/**
 * Opaque RGBA pixels as one palette index each, colours new to `palette` added to it. Null when a
 * pixel is not wholly opaque or the pixels hold more colours than a palette can: the card is then
 * written in RGBA. Drawn text is mostly runs of one colour, so a colour is looked up only where it
 * changes.
 */
export function toIndexes(rgba: Uint8Array, palette: Palette): Uint8Array | null {
  const count = rgba.length >> 2;
  const indexes = new Uint8Array(count);
  // Whole pixels compared as one number each (in either byte order: only equality is asked).
  const words =
    rgba.byteOffset % 4 === 0
      ? new Int32Array(rgba.buffer, rgba.byteOffset, count)
      : new Int32Array(rgba.slice().buffer);
  let last = ~(words[0] ?? 0);
  let index = 0;
  for (let i = 0; i < count; i++) {
    const word = words[i] as number;
    if (word !== last) {
      const at = i << 2;
      if (rgba[at + 3] !== 255) return null;
      index = palette.indexOf(
        (rgba[at] as number) | ((rgba[at + 1] as number) << 8) | ((rgba[at + 2] as number) << 16),
      );
      if (index < 0) return null;
      last = word;
    }
    indexes[i] = index;
  }
  return indexes;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

const ADLER_MOD = 65521;

/** Adler-32 (zlib's checksum of the uncompressed data). */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  const n = data.length;
  for (let i = 0; i < n;) {
    // zlib's bound: the most bytes summed before b could outgrow 32 bits, so the remainders stay cheap.
    const end = Math.min(i + 5552, n);
    // Eight bytes at a time, each one's weight in b written out: the two sums no longer wait on
    // each other byte by byte (a card's rows are summed about twice as fast).
    for (; i + 8 <= end; i += 8) {
      const d0 = data[i] as number;
      const d1 = data[i + 1] as number;
      const d2 = data[i + 2] as number;
      const d3 = data[i + 3] as number;
      const d4 = data[i + 4] as number;
      const d5 = data[i + 5] as number;
      const d6 = data[i + 6] as number;
      const d7 = data[i + 7] as number;
      b += 8 * a + 8 * d0 + 7 * d1 + 6 * d2 + 5 * d3 + 4 * d4 + 3 * d5 + 2 * d6 + d7;
      a += d0 + d1 + d2 + d3 + d4 + d5 + d6 + d7;
    }
    for (; i < end; i++) {
      a += data[i] as number;
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two pieces of data one after the other, from each one's and the second's length. */
export function combineAdler32(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_MOD;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % ADLER_MOD;
  sum1 += (second & 0xffff) + ADLER_MOD - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + ADLER_MOD - rem;
  if (sum1 >= ADLER_MOD) sum1 -= ADLER_MOD;
  if (sum1 >= ADLER_MOD) sum1 -= ADLER_MOD;
  if (sum2 >= ADLER_MOD * 2) sum2 -= ADLER_MOD * 2;
  if (sum2 >= ADLER_MOD) sum2 -= ADLER_MOD;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** Rows per independently compressed block of scanlines. */
const BLOCK_ROWS = 16;

/**
 * Scanlines compressed in blocks (of BLOCK_ROWS rows in a frame), each on its own (raw deflate
 * ending in a full flush, so blocks can be laid one after another), with each block's Adler-32 and
 * length: a card reuses the blocks of its frame's rows that it did not change.
 */
export interface CompressedLines {
  readonly blocks: readonly Buffer[];
  readonly adlers: readonly number[];
  readonly lengths: readonly number[];
}

/**
 * zlib's level for a frame's blocks (compressed once, reused by every card of the frame) and for a
 * card's own rows: level 3 compresses a card's indexed rows three times as fast as level 6, and
 * its PNG comes out about 15 % larger.
 */
const FRAME_LEVEL = 6;
const CARD_LEVEL = 3;

function compressBlock(lines: Uint8Array, level: number): Buffer {
  return deflateRawSync(lines, { level, finishFlush: constants.Z_FULL_FLUSH });
}

/** Compresses scanlines of `width` × `height` pixels of `channels` bytes in blocks. */
export function compressLines(lines: Uint8Array, width: number, height: number, channels = 4): CompressedLines {
  const row = width * channels + 1;
  const blocks: Buffer[] = [];
  const adlers: number[] = [];
  const lengths: number[] = [];
  for (let top = 0; top < height; top += BLOCK_ROWS) {
    const slice = lines.subarray(top * row, Math.min(height, top + BLOCK_ROWS) * row);
    blocks.push(compressBlock(slice, FRAME_LEVEL));
    adlers.push(adler32(slice));
    lengths.push(slice.length);
  }
  return { blocks, adlers, lengths };
}

/**
 * A frame's compressed scanlines with the pixels of `box` (of `channels` bytes each, as the frame's)
 * drawn over them: the frame's blocks that `box` reaches are copied, changed and compressed again,
 * as one block (one call to zlib instead of one per block).
 */
export function compressOver(
  frame: CompressedLines,
  frameLines: Uint8Array,
  width: number,
  height: number,
  box: Box,
  pixels: Uint8Array,
  channels = 4,
): CompressedLines {
  const row = width * channels + 1;
  const first = Math.floor(box.y0 / BLOCK_ROWS);
  const end = Math.ceil(Math.min(box.y1, height) / BLOCK_ROWS);
  if (end <= first) return frame;
  const top = first * BLOCK_ROWS;
  // A copy (a Buffer's slice would be a view of the frame).
  const slice = new Uint8Array(frameLines.subarray(top * row, Math.min(height, end * BLOCK_ROWS) * row));
  paste(slice, top, width, box, pixels, channels);
  const replace = <T>(list: readonly T[], value: T) => [...list.slice(0, first), value, ...list.slice(end)];
  return {
    blocks: replace(frame.blocks, compressBlock(slice, CARD_LEVEL)),
    adlers: replace(frame.adlers, adler32(slice)),
    lengths: replace(frame.lengths, slice.length),
  };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** zlib's header for deflate with a 32 KB window at the default level. */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** An empty final deflate block (fixed codes, end of block at once): closes the blocks before it. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A PNG of scanlines (see `toScanlines`) compressed as `compressLines` did: 8-bit RGBA, or with a
 * palette, one index per pixel.
 */
export function encodePng(width: number, height: number, compressed: CompressedLines, palette?: Palette): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8; colour type 6 (RGBA) or 3 (indexed); deflate, the standard filters, no interlace.
  header.set([8, palette ? 3 : 6, 0, 0, 0], 8);
  let adler = 1;
  compressed.adlers.forEach((value, i) => (adler = combineAdler32(adler, value, compressed.lengths[i] as number)));
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler, 0);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...(palette ? [chunk('PLTE', palette.toBytes())] : []),
    chunk('IDAT', Buffer.concat([ZLIB_HEADER, ...compressed.blocks, FINAL_BLOCK, checksum])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

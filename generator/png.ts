import { crc32, inflateSync } from 'node:zlib';

/** The signature and the IHDR chunk's width and height. */
const PNG_HEAD = 24;
const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Null when the bytes are no PNG. */
export function toPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < PNG_HEAD || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Chunks whose lengths fit and CRCs hold, up to IEND: a damaged cached image is drawn again, never published. */
export function isWholePng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IEND') return end === bytes.length;
    at = end;
  }
  return false;
}

/** 8,000 × 8,000. */
const MAX_PIXELS = 64_000_000;
/** Channels per pixel and bit depths of each PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const COLOUR_TYPES: Readonly<Record<number, { channels: number; depths: readonly number[] }>> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** The seven passes of Adam7 interlacing: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Why a whole PNG does not decode, or null. Inflating stops a byte past the size its header
 * promises, so a PNG made to inflate to a gigabyte costs no more than a true one (behaviour.md: Safety).
 */
export function toPngDecodeFault(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Uint8Array[] = [];
  let header: Uint8Array | null = null;
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = data;
    else if (type === 'IDAT') chunks.push(data);
    at += 12 + length;
  }
  if (header === null || header.length !== 13) return 'has no image header';
  const head = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const [width, height] = [head.getUint32(0), head.getUint32(4)];
  if (width === 0 || height === 0 || width * height > MAX_PIXELS)
    return `is ${width} × ${height} pixels, too many to decode`;
  const [depth, colour, interlace] = [header[8] as number, header[9] as number, header[12] as number];
  const type = COLOUR_TYPES[colour];
  if (!type?.depths.includes(depth) || interlace > 1 || header[10] || header[11])
    return 'has an image header no viewer reads';
  const rows = toRowLengths(width, height, (type.channels * depth) / 8, interlace === 1);
  const expected = rows.reduce((sum, row) => sum + row, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(chunks), { maxOutputLength: expected + 1 });
  } catch (error) {
    return error instanceof RangeError
      ? 'holds more image data than its size allows'
      : 'holds image data that is not zlib';
  }
  if (pixels.length !== expected) return 'holds image data of another size than its header says';
  let at = 0;
  for (const row of rows) {
    if ((pixels[at] as number) > 4) return 'holds a row with an unknown filter';
    at += row;
  }
  return null;
}

/** Each row's length with its filter byte, pass by pass. */
function toRowLengths(width: number, height: number, bytesPerPixel: number, interlaced: boolean): number[] {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const rows: number[] = [];
  for (const [column, row, columnStep, rowStep] of passes) {
    const across = Math.ceil((width - column) / columnStep);
    const down = Math.ceil((height - row) / rowStep);
    if (across <= 0 || down <= 0) continue;
    const length = 1 + Math.ceil(across * bytesPerPixel);
    for (let i = 0; i < down; i += 1) rows.push(length);
  }
  return rows;
}

import { inflateSync } from 'node:zlib';

// WOFF 1.0 (the format the font package ships) unpacked to the OpenType font it wraps, with Node's
// zlib: satori would otherwise inflate every table in JavaScript, once for itself and once for its
// font parser, in every process that draws cards (about a third of a second for the Chinese files).

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/** The OpenType font inside a WOFF file; any other data is returned as it is. */
export function unpackWoff(data: Buffer): Buffer {
  if (data.length < WOFF_HEADER || data.readUInt32BE(0) !== WOFF_SIGNATURE) return data;
  const flavor = data.readUInt32BE(4);
  const count = data.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = data.readUInt32BE(at + 4);
    const packed = data.readUInt32BE(at + 8);
    const length = data.readUInt32BE(at + 12);
    const stored = data.subarray(offset, offset + packed);
    const table = packed < length ? inflateSync(stored) : stored;
    if (table.length !== length) throw new Error('a WOFF table does not unpack to its stated length');
    return { tag: data.readUInt32BE(at), checksum: data.readUInt32BE(at + 16), table };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const size = SFNT_HEADER + count * SFNT_ENTRY + tables.reduce((sum, t) => sum + padded(t.table.length), 0);
  const font = Buffer.alloc(size);
  // The offset table: searchRange, entrySelector and rangeShift as the OpenType format defines them.
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  font.writeUInt32BE(flavor, 0);
  font.writeUInt16BE(count, 4);
  font.writeUInt16BE(range, 6);
  font.writeUInt16BE(selector, 8);
  font.writeUInt16BE(count * 16 - range, 10);
  let offset = SFNT_HEADER + count * SFNT_ENTRY;
  tables.forEach(({ tag, checksum, table }, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    font.writeUInt32BE(tag, at);
    font.writeUInt32BE(checksum, at + 4);
    font.writeUInt32BE(offset, at + 8);
    font.writeUInt32BE(table.length, at + 12);
    font.set(table, offset);
    offset += padded(table.length);
  });
  return font;
}

/**
 * Whether an OpenType font maps each code point to a glyph, read from its `cmap` table (a Unicode
 * subtable of format 12, else of format 4): a character the font only lies in the range of is drawn
 * as an empty box. Always false for a font without one.
 */
export function toGlyphCoverage(font: Buffer): (point: number) => boolean {
  const none = () => false;
  if (font.length < SFNT_HEADER) return none;
  const count = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < count; i++) {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    if (at + SFNT_ENTRY > font.length) return none;
    if (font.toString('latin1', at, at + 4) === 'cmap') cmap = font.readUInt32BE(at + 8);
  }
  if (cmap < 0 || cmap + 4 > font.length) return none;
  const subtables = font.readUInt16BE(cmap + 2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < subtables; i++) {
    const at = cmap + 4 + i * 8;
    if (at + 8 > font.length) return none;
    const [platform, encoding] = [font.readUInt16BE(at), font.readUInt16BE(at + 2)];
    const table = cmap + font.readUInt32BE(at + 4);
    if (table + 2 > font.length) continue;
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = font.readUInt16BE(table);
    if (format === 12 && format12 < 0) format12 = table;
    if (format === 4 && format4 < 0) format4 = table;
  }
  if (format12 >= 0 && format12 + 16 <= font.length) {
    const groups = font.readUInt32BE(format12 + 12);
    const ranges: [number, number, number][] = [];
    for (let g = 0; g < groups && format12 + 16 + (g + 1) * 12 <= font.length; g++) {
      const at = format12 + 16 + g * 12;
      ranges.push([font.readUInt32BE(at), font.readUInt32BE(at + 4), font.readUInt32BE(at + 8)]);
    }
    return (point) => ranges.some(([from, to, glyph]) => point >= from && point <= to && glyph + (point - from) !== 0);
  }
  if (format4 >= 0 && format4 + 14 <= font.length) {
    const segments = font.readUInt16BE(format4 + 6) / 2;
    const ends = format4 + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const offsets = deltas + segments * 2;
    if (offsets + segments * 2 > font.length) return none;
    return (point) => {
      if (point > 0xffff) return false;
      for (let s = 0; s < segments; s++) {
        if (point > font.readUInt16BE(ends + s * 2)) continue;
        const start = font.readUInt16BE(starts + s * 2);
        if (point < start) return false;
        const delta = font.readUInt16BE(deltas + s * 2);
        const rangeOffset = font.readUInt16BE(offsets + s * 2);
        if (rangeOffset === 0) return ((point + delta) & 0xffff) !== 0;
        const at = offsets + s * 2 + rangeOffset + (point - start) * 2;
        if (at + 2 > font.length) return false;
        const glyph = font.readUInt16BE(at);
        return glyph !== 0 && ((glyph + delta) & 0xffff) !== 0;
      }
      return false;
    };
  }
  return none;
}

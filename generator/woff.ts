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

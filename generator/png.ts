import { crc32 } from 'node:zlib';

// What a PNG says of itself: its size in its first bytes, and whether it is whole. The build reads
// a page's own share image and its cached cards and icons this way, and `site check` every image a
// page names (check/share.ts).

/** The bytes `toPngSize` needs: the signature and the IHDR chunk's width and height. */
const PNG_HEAD = 24;
/** The eight bytes every PNG starts with. */
const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Width and height of a PNG, or null when the bytes are no PNG. */
export function toPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < PNG_HEAD || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Whether the bytes are a whole PNG: the signature, then chunks whose lengths fit and whose CRCs
 * hold, the last one IEND. A cached image (a share card, an app icon) is read back only when it is
 * one: a file cut short or damaged on the disk is drawn again, never published.
 */
export function isWholePng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    // The CRC covers the chunk's type and data.
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IEND') return end === bytes.length;
    at = end;
  }
  return false;
}

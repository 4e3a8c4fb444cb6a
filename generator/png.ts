// What a PNG says of itself in its first bytes: the build reads a page's own share image this way
// (resolve/public-files.ts), and `site check` every image a page names (check/share.ts).

/** The bytes `toPngSize` needs: the signature and the IHDR chunk's width and height. */
export const PNG_HEAD = 24;

/** Width and height of a PNG, or null when the bytes are no PNG. */
export function toPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (bytes.length < PNG_HEAD || signature.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

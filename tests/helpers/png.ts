import { crc32 } from 'node:zlib';

/** One PNG chunk: its length, type, data and CRC. */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of well-formed chunks (right lengths, right CRCs) around the image data given, whatever it
 * is: an RGBA header of the size given (or the header bytes given), one IDAT, IEND.
 */
export function toPng(width: number, height: number, idat: Uint8Array, header?: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header ?? ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ]);
}

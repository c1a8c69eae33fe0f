// Pictures for upload tests, generated (never photos of people): plain colour blocks, optionally with the EXIF a
// phone camera writes (orientation, GPS position, camera serial) to prove that none of it survives.
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A JPEG `width` x `height`, its left half red and right half blue, so orientation can be checked. */
export async function testJpeg(width = 120, height = 80, options: { exif?: boolean; orientation?: number } = {}): Promise<Buffer> {
  const half = Math.floor(width / 2);
  let image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 40, b: 220 } } }).composite([
    { input: { create: { width: half, height, channels: 3, background: { r: 220, g: 30, b: 30 } } }, left: 0, top: 0 },
  ]);
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'PruebaCam', Model: 'Serie 1', Copyright: 'Dueña de prueba' },
      IFD2: { BodySerialNumber: 'SN-123456' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '58/1 22/1 0/1' },
    });
  }
  const jpeg = await image.jpeg().toBuffer();
  return options.orientation ? sharp(jpeg).keepExif().withMetadata({ orientation: options.orientation }).jpeg().toBuffer() : jpeg;
}

export const testPng = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 4, background: '#3a7' } })
    .png()
    .toBuffer();

/**
 * A PNG whose header declares `width` x `height` (e.g. 20,000 x 20,000, a decompression bomb) but which carries
 * almost no data: what an attacker sends, and cheap to build in a test.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

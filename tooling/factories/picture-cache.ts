// Encoded demo pictures kept between runs (node_modules/.cache/velada/demo-pictures, which a fresh clone makes on its
// first seed): the demo data draws the same pictures every time, and encoding them (every width and the perceptual
// hash) was most of the seed's time, paid again by every test that seeds and every first start. A picture is found
// by the SHA-256 of its SVG and the encoder's version; an entry is written whole (to a temporary name, then renamed),
// so two seeds side by side never read half of one. Demo data only: uploads are always encoded.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { encodeAdImage, type EncodedAdImage } from '#api/services/image-store.ts';

/** Raise when encodeAdImage changes what it writes, so that old entries are not used. */
const ENCODING_VERSION = 2;
const CACHE_DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/velada/demo-pictures');

interface Entry {
  width: number;
  height: number;
  hash: string | null;
  mirrorHash: string | null;
  files: { width: EncodedAdImage['files'][number]['width']; bytes: string }[];
}

/** The encoded picture of `svg`: from the cache, or encoded now and kept there. */
export async function encodedDemoPicture(svg: Buffer): Promise<EncodedAdImage> {
  const name = crypto.createHash('sha256').update(`${ENCODING_VERSION}\n`).update(svg).digest('hex');
  const file = path.join(CACHE_DIR, `${name}.json`);
  const cached = await fs.readFile(file, 'utf8').catch(() => null);
  if (cached) {
    const entry = JSON.parse(cached) as Entry;
    return { ...entry, files: entry.files.map((f) => ({ width: f.width, bytes: Buffer.from(f.bytes, 'base64') })) };
  }
  const encoded = await encodeAdImage(svg);
  const entry: Entry = { ...encoded, files: encoded.files.map((f) => ({ width: f.width, bytes: f.bytes.toString('base64') })) };
  await fs.mkdir(CACHE_DIR, { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fs.writeFile(temporary, JSON.stringify(entry));
  await fs.rename(temporary, file);
  return encoded;
}

// Demo pictures: generated abstract shapes with no people in them, stored like uploaded photos.
import type { Knex } from 'knex';
import sharp from 'sharp';
import { copyAdImage, storeAdImage } from '#api/services/image-store.ts';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import type { Random } from './index.ts';

const PALETTES = [
  ['#2d1b3d', '#a4508b', '#f6c1a8'],
  ['#0f2027', '#2c5364', '#f2a65a'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#1d2b64', '#f8cdda', '#8e6fb5'],
  ['#232526', '#b06ab3', '#4568dc'],
  ['#41295a', '#2f0743', '#e8a87c'],
];

/** An abstract picture (colour fields and shapes), 800 x 1000, as PNG. */
export async function demoPicture(rand: Random): Promise<Buffer> {
  const [bg, a, b] = rand.pick(PALETTES);
  const shapes = Array.from({ length: rand.int(3, 7) }, () => {
    const colour = rand.chance(0.5) ? a : b;
    const opacity = (0.25 + rand.next() * 0.5).toFixed(2);
    return rand.chance(0.6)
      ? `<circle cx="${rand.int(0, 800)}" cy="${rand.int(0, 1000)}" r="${rand.int(60, 320)}" fill="${colour}" fill-opacity="${opacity}"/>`
      : `<rect x="${rand.int(-100, 700)}" y="${rand.int(-100, 900)}" width="${rand.int(120, 500)}" height="${rand.int(120, 500)}" rx="${rand.int(0, 60)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${rand.int(-30, 30)} 400 500)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
    <rect width="800" height="1000" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

export interface StoredPicture {
  key: string;
  width: number;
  height: number;
}

/** Generates `count` distinct pictures and stores them; demo ads draw their photos from this pool. */
export async function generatePicturePool(store: ObjectStore, count: number, rand: Random): Promise<StoredPicture[]> {
  const pictures = await Promise.all(Array.from({ length: count }, () => demoPicture(rand)));
  const pool: StoredPicture[] = [];
  for (const picture of pictures) pool.push(await storeAdImage(store, picture));
  return pool;
}

/**
 * Gives an ad `count` photos from the pool, each copied under its own key, and records them in ad_images; `verifiedAt`
 * marks them checked by staff, for an ad shown with "Fotos reales" (its flag and the photos must agree).
 */
export async function insertDemoImages(
  db: Knex,
  store: ObjectStore,
  adId: number,
  title: string,
  count: number,
  pool: StoredPicture[],
  rand: Random,
  verifiedAt: Date | null = null,
) {
  for (let position = 0; position < count; position++) {
    const picture = rand.pick(pool);
    await db('ad_images').insert({
      ad_id: adId,
      position,
      file_key: await copyAdImage(store, picture.key),
      width: picture.width,
      height: picture.height,
      alt: `Imagen ${position + 1} de ${title}`,
      verified_at: verifiedAt,
    });
  }
}

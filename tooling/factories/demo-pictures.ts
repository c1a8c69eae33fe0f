// Demo pictures: generated abstract shapes with no people in them, stored like uploaded photos. Each advertiser has
// pictures of its own (docs/decisions/043): the same picture in two accounts' ads is what duplicate detection flags.
import type { Knex } from 'knex';
import sharp from 'sharp';
import { copyAdImage, saveAdImage } from '#api/services/image-store.ts';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import { savePhotoHash } from '#db/queries/duplicates.ts';
import { insertedId } from '#db/dialect.ts';
import { createRandom, type Random } from './random.ts';
import { encodedDemoPicture } from './picture-cache.ts';

const PALETTES = [
  ['#2d1b3d', '#a4508b', '#f6c1a8'],
  ['#0f2027', '#2c5364', '#f2a65a'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#1d2b64', '#f8cdda', '#8e6fb5'],
  ['#232526', '#b06ab3', '#4568dc'],
  ['#41295a', '#2f0743', '#e8a87c'],
];

/**
 * An abstract picture (colour fields and shapes) drawn on 800 x 1000, as SVG of the given size. `detail` adds
 * small shapes over the large ones, drawn after them (the large ones come out as without it).
 */
export function demoSvg(rand: Random, size = { width: 800, height: 1000 }, detail = 0): string {
  const [bg, a, b] = rand.pick(PALETTES);
  const shapes = Array.from({ length: rand.int(3, 7) }, () => {
    const colour = rand.chance(0.5) ? a : b;
    const opacity = (0.25 + rand.next() * 0.5).toFixed(2);
    return rand.chance(0.6)
      ? `<circle cx="${rand.int(0, 800)}" cy="${rand.int(0, 1000)}" r="${rand.int(60, 320)}" fill="${colour}" fill-opacity="${opacity}"/>`
      : `<rect x="${rand.int(-100, 700)}" y="${rand.int(-100, 900)}" width="${rand.int(120, 500)}" height="${rand.int(120, 500)}" rx="${rand.int(0, 60)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${rand.int(-30, 30)} 400 500)"/>`;
  }).join('');
  const small = Array.from({ length: detail }, () => {
    const colour = rand.chance(0.5) ? a : bg;
    return `<circle cx="${rand.int(0, 800)}" cy="${rand.int(0, 1000)}" r="${rand.int(20, 90)}" fill="${colour}" fill-opacity="${(0.4 + rand.next() * 0.5).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 800 1000" preserveAspectRatio="none">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
    <rect width="800" height="1000" fill="url(#g)"/>${shapes}${small}</svg>`;
}

/** An abstract picture (colour fields and shapes), 800 x 1000 unless another size is asked, as PNG. */
export async function demoPicture(rand: Random, size: { width: number; height: number } = { width: 800, height: 1000 }): Promise<Buffer> {
  return sharp(Buffer.from(demoSvg(rand, size)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export interface StoredPicture {
  key: string;
  width: number;
  height: number;
  hash: string | null;
  mirrorHash: string | null;
}

/**
 * The random draws of `count` pictures, made and thrown away: the demo once began with a shared pool of pictures, and
 * drawing as it did keeps the rest of the demo (advertisers, ads, texts) as it was.
 */
export function skipPictureDraws(rand: Random, count: number): void {
  for (let i = 0; i < count; i++) demoSvg(rand);
}

const DETAIL = [10, 16] as const;

/** An advertiser's own pictures, made as its ads need them (with a generator of their own, seeded per advertiser). */
export class AdvertiserPictures {
  private readonly pictures: StoredPicture[] = [];
  private readonly rand: Random;
  private readonly store: ObjectStore;
  private readonly size: { width: number; height: number };
  constructor(store: ObjectStore, seed: number, size = { width: 800, height: 1000 }) {
    this.store = store;
    this.rand = createRandom(seed);
    this.size = size;
  }
  async first(count: number): Promise<StoredPicture[]> {
    // The SVG itself is what is stored (decoded and re-encoded like any upload, once: ./picture-cache.ts).
    // With small shapes too: of several hundred pictures of large shapes on the same gradient, a few come close.
    while (this.pictures.length < count) {
      const svg = demoSvg(this.rand, this.size, this.rand.int(DETAIL[0], DETAIL[1]));
      this.pictures.push(await saveAdImage(this.store, await encodedDemoPicture(Buffer.from(svg))));
    }
    return this.pictures.slice(0, count);
  }
}

/**
 * Gives an ad photos: the given pictures of its advertiser (ads of one account share them, as real advertisers' do),
 * each copied under its own key with its hash, and records them in ad_images; `verifiedAt` marks them checked by
 * staff, for an ad shown with "Fotos reales" (its flag and the photos must agree).
 */
export async function insertDemoImages(
  db: Knex,
  store: ObjectStore,
  adId: number,
  title: string,
  pictures: StoredPicture[],
  verifiedAt: Date | null = null,
) {
  for (const [position, picture] of pictures.entries()) {
    const [row] = await db('ad_images')
      .insert({
        ad_id: adId,
        position,
        file_key: await copyAdImage(store, picture.key),
        width: picture.width,
        height: picture.height,
        alt: `Imagen ${position + 1} de ${title}`,
        verified_at: verifiedAt,
      })
      .returning('id');
    await savePhotoHash(db, insertedId(row), picture);
  }
}

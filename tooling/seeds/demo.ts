// Demo data for a fresh database: verified advertisers and their published ads over every category
// and most barrios, each with one to five generated abstract pictures of its advertiser's own.
import type { Knex } from 'knex';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import {
  AdvertiserPictures,
  createRandom,
  demoAdInput,
  demoBirthDate,
  insertAd,
  insertAdvertiser,
  insertDemoImages,
  skipPictureDraws,
} from '#tooling/factories/index.ts';

export async function isDatabaseEmpty(db: Knex): Promise<boolean> {
  const row = await db('ads').count({ n: '*' }).first();
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemoData(db: Knex, store: ObjectStore, options: { ads?: number; seed?: number } = {}): Promise<number> {
  const total = options.ads ?? 220;
  const seed = options.seed ?? 2025;
  const rand = createRandom(seed);
  const now = new Date();
  skipPictureDraws(rand, 36);
  let created = 0;
  let advertiserNumber = 0;
  while (created < total) {
    advertiserNumber += 1;
    const advertiserId = await insertAdvertiser(db, {
      email: `demo${advertiserNumber}@velada.invalid`,
      fullName: `Anunciante Demo ${advertiserNumber}`,
      birthDate: demoBirthDate(rand, now),
    });
    // Pictures of its own (no two accounts share one), at the cards' width: the demo makes several hundred.
    const pictures = new AdvertiserPictures(store, seed * 1000 + advertiserNumber, { width: 400, height: 500 });
    const adsForAdvertiser = Math.min(rand.int(1, 2), total - created);
    for (let i = 0; i < adsForAdvertiser; i++) {
      const input = demoAdInput(rand, now);
      const adId = await insertAd(db, advertiserId, input);
      await insertDemoImages(
        db,
        store,
        adId,
        input.title!,
        rand.int(1, 5),
        pictures,
        rand,
        input.photosVerified ? (input.publishedAt ?? now) : null,
      );
      created += 1;
    }
  }
  return created;
}

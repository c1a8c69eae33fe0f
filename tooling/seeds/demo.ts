// Demo data for a fresh database: verified advertisers and their published ads over every category
// and most barrios, each with one to five pictures drawn from a pool of generated abstract images.
import type { Knex } from 'knex';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import {
  createRandom,
  demoAdInput,
  demoBirthDate,
  generatePicturePool,
  insertAd,
  insertAdvertiser,
  insertDemoImages,
} from '#tooling/factories/index.ts';

export async function isDatabaseEmpty(db: Knex): Promise<boolean> {
  const row = await db('ads').count({ n: '*' }).first();
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemoData(db: Knex, store: ObjectStore, options: { ads?: number; seed?: number } = {}): Promise<number> {
  const total = options.ads ?? 220;
  const rand = createRandom(options.seed ?? 2025);
  const now = new Date();
  const pool = await generatePicturePool(store, 36, rand);
  let created = 0;
  let advertiserNumber = 0;
  while (created < total) {
    advertiserNumber += 1;
    const advertiserId = await insertAdvertiser(db, {
      email: `demo${advertiserNumber}@velada.invalid`,
      fullName: `Anunciante Demo ${advertiserNumber}`,
      birthDate: demoBirthDate(rand, now),
    });
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
        pool,
        rand,
        input.photosVerified ? (input.publishedAt ?? now) : null,
      );
      created += 1;
    }
  }
  return created;
}

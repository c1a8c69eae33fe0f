// Demo data for a fresh database: verified advertisers and their published ads over every category
// and most barrios, each with one to five generated abstract pictures of its advertiser's own.
//
// In three steps, so that a first start takes seconds: the whole demo is drawn first (one generator, in a fixed
// order: the same demo every time), then every advertiser's pictures are encoded, a few advertisers at a time (the
// image work is most of the seed, and one picture at a time leaves cores idle), then the rows are written.
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
  type AdInput,
  type Random,
  type StoredPicture,
} from '#tooling/factories/index.ts';

/** How many advertisers' pictures are encoded at once. */
const PICTURE_WORKERS = 3;
/** At the cards' width: the demo makes several hundred. */
const PICTURE_SIZE = { width: 400, height: 500 };

interface PlannedAdvertiser {
  number: number;
  birthDate: string;
  ads: { input: AdInput; photos: number }[];
}

export async function isDatabaseEmpty(db: Knex): Promise<boolean> {
  const row = await db('ads').count({ n: '*' }).first();
  return Number(row?.n ?? 0) === 0;
}

export interface DemoDataOptions {
  ads?: number;
  seed?: number;
  /** Told how many advertisers' pictures are ready, now and then, while they are made. */
  onPictures?: (done: number, total: number) => void;
}

export async function seedDemoData(db: Knex, store: ObjectStore, options: DemoDataOptions = {}): Promise<number> {
  const total = options.ads ?? 220;
  const seed = options.seed ?? 2025;
  const now = new Date();
  const plan = planDemo(createRandom(seed), total, now);
  const pictures = await encodePictures(store, seed, plan, options.onPictures);
  for (const [i, advertiser] of plan.entries()) {
    const advertiserId = await insertAdvertiser(db, {
      email: `demo${advertiser.number}@velada.invalid`,
      fullName: `Anunciante Demo ${advertiser.number}`,
      birthDate: advertiser.birthDate,
    });
    for (const { input, photos } of advertiser.ads) {
      const adId = await insertAd(db, advertiserId, input);
      const verifiedAt = input.photosVerified ? (input.publishedAt ?? now) : null;
      await insertDemoImages(db, store, adId, input.title!, pictures[i]!.slice(0, photos), verifiedAt);
    }
  }
  return total;
}

/** Every advertiser and ad of the demo, drawn in the order the demo has always drawn them. */
function planDemo(rand: Random, total: number, now: Date): PlannedAdvertiser[] {
  skipPictureDraws(rand, 36);
  const plan: PlannedAdvertiser[] = [];
  let planned = 0;
  while (planned < total) {
    const advertiser: PlannedAdvertiser = { number: plan.length + 1, birthDate: demoBirthDate(rand, now), ads: [] };
    const adsForAdvertiser = Math.min(rand.int(1, 2), total - planned);
    for (let i = 0; i < adsForAdvertiser; i++) {
      const input = demoAdInput(rand, now);
      const photos = rand.int(1, 5);
      // One draw per photo, as when photos were drawn from a shared pool: the rest of the demo stays as it was.
      for (let p = 0; p < photos; p++) rand.next();
      advertiser.ads.push({ input, photos });
    }
    plan.push(advertiser);
    planned += adsForAdvertiser;
  }
  return plan;
}

/** Each advertiser's pictures (as many as its ad with the most photos), stored; no two accounts share one. */
async function encodePictures(
  store: ObjectStore,
  seed: number,
  plan: PlannedAdvertiser[],
  onPictures: DemoDataOptions['onPictures'],
): Promise<StoredPicture[][]> {
  const pictures: StoredPicture[][] = [];
  let next = 0;
  let done = 0;
  const quarter = Math.ceil(plan.length / 4);
  const worker = async () => {
    for (let i = next++; i < plan.length; i = next++) {
      const advertiser = plan[i]!;
      const own = new AdvertiserPictures(store, seed * 1000 + advertiser.number, PICTURE_SIZE);
      pictures[i] = await own.first(Math.max(...advertiser.ads.map((ad) => ad.photos)));
      if (++done % quarter === 0 || done === plan.length) onPictures?.(done, plan.length);
    }
  };
  await Promise.all(Array.from({ length: PICTURE_WORKERS }, worker));
  return pictures;
}

// Copies of another account's photo are found on SQLite and PostgreSQL (docs/decisions/043, 067): the same picture,
// flipped left to right, cropped by a few per cent or saved again as JPEG at quality 60 becomes a match staff see;
// a different picture does not. The pictures are generated (abstract shapes, as the demo's), never photos of people.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { createRandom, demoPicture, insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import { duplicatePhotoFlags, isRemovedAdPhoto, keepRemovedAdPhotos, savePhotoHash } from '#db/queries/duplicates.ts';
import { encodeAdImage } from './image-store.ts';

let t: TestDb;
let original: Buffer;
beforeAll(async () => {
  t = await createTestDb();
  original = await demoPicture(createRandom(67));
});
afterAll(() => t.destroy());

/** An ad of a new account with one photo, stored and hashed as an upload is. */
async function adWithPhoto(picture: Buffer, state: 'published' | 'pending' = 'published') {
  const advertiserId = await insertAdvertiser(t.db);
  const adId = await insertAd(t.db, advertiserId, { state });
  const photoId = await insertAdPhoto(t.db, adId);
  await savePhotoHash(t.db, photoId, await encodeAdImage(picture));
  return { advertiserId, adId, photoId };
}

const mirror = (p: Buffer) => sharp(p).flop().toBuffer();
const COPIES: [string, (p: Buffer) => Promise<Buffer>, boolean][] = [
  ['the same file', async (p) => p, false],
  ['flipped left to right', mirror, true],
  ['cropped by 3 % on every side', (p) => sharp(p).extract({ left: 24, top: 30, width: 752, height: 940 }).toBuffer(), false],
  ['saved again as JPEG at quality 60', (p) => sharp(p).jpeg({ quality: 60 }).toBuffer(), false],
  [
    'flipped, cropped by 2 % and saved as JPEG at quality 60',
    async (p) =>
      sharp(await mirror(p))
        .extract({ left: 16, top: 20, width: 784, height: 980 })
        .jpeg({ quality: 60 })
        .toBuffer(),
    true,
  ],
];

describe('copies of a photo of another account', () => {
  it.each(COPIES)('finds a copy %s', async (_, copy, mirrored) => {
    const first = await adWithPhoto(original);
    const second = await adWithPhoto(await copy(original), 'pending');
    const flags = await duplicatePhotoFlags(t.db, { id: second.adId, advertiserId: second.advertiserId });
    const match = flags.find((f) => f.otherAdId === first.adId);
    expect(match).toMatchObject({ kind: 'foto_duplicada', photoId: second.photoId, otherPhotoId: first.photoId });
    expect(match!.mirrored ?? false).toBe(mirrored);
    // And the other way round: the first ad, screened again, finds the copy.
    const back = await duplicatePhotoFlags(t.db, { id: first.adId, advertiserId: first.advertiserId });
    expect(back.some((f) => f.otherAdId === second.adId)).toBe(true);
  });

  it('does not match a different picture, nor its mirror image', async () => {
    const first = await adWithPhoto(original);
    const other = await demoPicture(createRandom(68));
    for (const picture of [other, await mirror(other)]) {
      const second = await adWithPhoto(picture, 'pending');
      const flags = await duplicatePhotoFlags(t.db, { id: second.adId, advertiserId: second.advertiserId });
      expect(flags.filter((f) => f.otherAdId === first.adId)).toEqual([]);
    }
  });

  it("refuses the mirror image of a removed ad's photo, and not a different picture", async () => {
    const picture = await demoPicture(createRandom(69));
    const removed = await adWithPhoto(picture);
    await keepRemovedAdPhotos(t.db, removed.adId, new Date());
    expect(await isRemovedAdPhoto(t.db, await encodeAdImage(await mirror(picture)))).toBe(true);
    expect(await isRemovedAdPhoto(t.db, await encodeAdImage(await demoPicture(createRandom(70))))).toBe(false);
  });
});

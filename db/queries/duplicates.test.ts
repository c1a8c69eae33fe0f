// Duplicates across accounts on both databases: the photos the backfill still has to hash, and other accounts' ads
// with the same number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import { duplicatePhoneFlags, keepHashWithoutMirror, photosWithoutHash, savePhotoHash } from './duplicates.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('duplicates', () => {
  it('lists the photos without a hash, oldest first, until their hash is saved', async () => {
    const adId = await insertAd(t.db, await insertAdvertiser(t.db));
    const first = await insertAdPhoto(t.db, adId);
    const second = await insertAdPhoto(t.db, adId);
    const fileKeyOf = async (id: number) => (await t.db('ad_images').where('id', id).first('file_key')).file_key as string;
    expect(await photosWithoutHash(t.db, 10)).toEqual([
      expect.objectContaining({ id: first, fileKey: await fileKeyOf(first) }),
      expect.objectContaining({ id: second, fileKey: await fileKeyOf(second) }),
    ]);
    await savePhotoHash(t.db, first, { hash: null, mirrorHash: null });
    expect((await photosWithoutHash(t.db, 10)).map((p) => p.id)).toEqual([second]);
  });

  it('keeps the hash of a photo the backfill cannot read again, and does not try it again', async () => {
    const adId = await insertAd(t.db, await insertAdvertiser(t.db));
    const unreadable = await insertAdPhoto(t.db, adId);
    // Hashed at upload, before mirror hashes: the backfill's to do.
    await t.db('photo_hashes').insert({ ad_image_id: unreadable, hash: '0f0f0f0f0f0f0f0f', mirror_hash: null });
    expect((await photosWithoutHash(t.db, 10)).map((p) => p.id)).toContain(unreadable);
    await keepHashWithoutMirror(t.db, unreadable);
    expect(await t.db('photo_hashes').where('ad_image_id', unreadable).first()).toMatchObject({
      hash: '0f0f0f0f0f0f0f0f',
      mirror_hash: '0f0f0f0f0f0f0f0f',
    });
    expect((await photosWithoutHash(t.db, 10)).map((p) => p.id)).not.toContain(unreadable);
  });

  it("flags other accounts' ads with the same number, not the advertiser's own nor drafts", async () => {
    const phone = '+5491155512345';
    const owner = await insertAdvertiser(t.db);
    const other = await insertAdvertiser(t.db);
    const adId = await insertAd(t.db, owner, { phone });
    await insertAd(t.db, owner, { phone });
    await insertAd(t.db, other, { phone, state: 'draft' });
    const otherAdId = await insertAd(t.db, other, { phone, state: 'pending' });
    expect(await duplicatePhoneFlags(t.db, { id: adId, advertiserId: owner, phone })).toEqual([
      { kind: 'telefono_duplicado', match: phone, otherAdId, otherAdvertiserId: other },
    ]);
  });
});

// One ad's page data: only public ads, and never the phone number itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { findPublicAd, publicAdsWithPhone, publicPhone } from './ad-page.ts';

let t: TestDb;
let publishedId: number;
let pausedId: number;

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db, { birthDate: '1990-05-20' });
  publishedId = await insertAd(t.db, advertiser, {
    title: 'Masajes en Boedo',
    barrio: 'boedo',
    phone: '+5491144447777',
    languages: ['espanol', 'portugues'],
    days: ['fines-semana'],
    is24h: true,
  });
  pausedId = await insertAd(t.db, advertiser, { state: 'paused', phone: '+5491144448888' });
});
afterAll(() => t.destroy());

describe('findPublicAd', () => {
  it('returns what the page shows, with no phone number in it', async () => {
    const ad = await findPublicAd(t.db, publishedId, new Date('2026-06-01T12:00:00Z'));
    expect(ad).toMatchObject({
      id: publishedId,
      title: 'Masajes en Boedo',
      barrio: 'boedo',
      age: 36,
      languages: ['espanol', 'portugues'],
      days: ['fines-semana'],
      is24h: true,
      hasPhone: true,
    });
    expect(JSON.stringify(ad)).not.toContain('44447777');
  });

  it('finds nothing for unpublished, unknown or malformed ids', async () => {
    for (const id of [pausedId, 987654, 0, -1, Number.NaN]) expect(await findPublicAd(t.db, id)).toBeNull();
  });

  it('gives the phone of a public ad only', async () => {
    expect(await publicPhone(t.db, publishedId)).toBe('+5491144447777');
    expect(await publicPhone(t.db, pausedId)).toBeNull();
  });
});

describe('publicAdsWithPhone', () => {
  it('names the published ads of a number, newest first, and nothing for a number whose ads are not public', async () => {
    const other = await insertAdvertiser(t.db);
    const second = await insertAd(t.db, other, { title: 'Otro aviso', phone: '+5491144447777' });
    await insertAd(t.db, other, { state: 'pending', phone: '+5491144447777' });
    await t
      .db('ads')
      .where('id', second)
      .update({ published_at: new Date(Date.now() + 60_000) });

    const ads = await publicAdsWithPhone(t.db, '+5491144447777');
    expect(ads).toEqual([
      { id: second, slug: expect.any(String), title: 'Otro aviso' },
      { id: publishedId, slug: expect.any(String), title: 'Masajes en Boedo' },
    ]);
    expect(await publicAdsWithPhone(t.db, '+5491144448888')).toEqual([]); // only a paused ad has it
    expect(await publicAdsWithPhone(t.db, '+5491100000000')).toEqual([]);
  });
});

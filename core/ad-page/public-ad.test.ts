// One ad as visitors get it: the page (public fields, ISO instants, no phone), the short form other pages name it
// by, the phone on request, and which favourites are still public. Unpublished ads are none of these.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { startAvailableWindow } from '#core/own-ads/available-now.ts';
import { publicAd, publicAdSummary } from './public-ad.ts';
import { adPhone, whatsAppGreeting } from './ad-phone.ts';
import { publicAdIds } from './public-ad-ids.ts';

let t: TestDb;
let publishedId: number;
let pausedId: number;
let silentId: number;
const NOW = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db, { birthDate: '1990-05-20', fullName: 'Nombre Privado', dni: '30111222' });
  publishedId = await insertAd(t.db, advertiser, {
    title: 'Masajes en Boedo',
    barrio: 'boedo',
    phone: '+5491144447777',
    languages: ['espanol', 'portugues'],
    days: ['fines-semana'],
    is24h: true,
    photosVerified: true,
  });
  pausedId = await insertAd(t.db, advertiser, { state: 'paused', phone: '+5491144448888' });
  silentId = await insertAd(t.db, advertiser, { title: 'Sin teléfono', phone: null });
  await startAvailableWindow(t.db, advertiser, publishedId, 2, NOW);
});
afterAll(() => t.destroy());

describe('publicAd', () => {
  it("returns what the page shows, instants as ISO strings, and nothing of the phone or the advertiser's identity", async () => {
    const ad = await publicAd(t.db, publishedId, NOW);
    expect(ad).toMatchObject({
      id: publishedId,
      title: 'Masajes en Boedo',
      barrio: 'boedo',
      age: 36,
      languages: ['espanol', 'portugues'],
      days: ['fines-semana'],
      is24h: true,
      hasPhone: true,
      photosVerified: true,
      images: [],
    });
    expect(ad!.photosVerifiedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(typeof ad!.availableUntil).toBe('string');
    const json = JSON.stringify(ad);
    for (const secret of ['44447777', 'Nombre Privado', '30111222', '1990-05-20']) expect(json).not.toContain(secret);
    expect(Object.keys(ad!)).not.toContain('publishedAt');
  });

  it('finds nothing for unpublished, unknown or missing ids', async () => {
    for (const id of [pausedId, 987654, 0, -1, Number.NaN, null]) expect(await publicAd(t.db, id)).toBeNull();
  });
});

describe('publicAdSummary', () => {
  it('names a published ad by id, address and title only', async () => {
    expect(await publicAdSummary(t.db, publishedId)).toEqual({ id: publishedId, slug: 'masajes-en-boedo', title: 'Masajes en Boedo' });
    expect(await publicAdSummary(t.db, pausedId)).toBeNull();
    expect(await publicAdSummary(t.db, null)).toBeNull();
  });
});

describe('adPhone', () => {
  it('gives the number in the local form with call and WhatsApp links, for published ads with a phone only', async () => {
    expect(await adPhone(t.db, publishedId)).toEqual({
      phone: expect.stringContaining('4444-7777'),
      tel: 'tel:+5491144447777',
      whatsapp: `https://wa.me/5491144447777?text=${encodeURIComponent(whatsAppGreeting(publishedId))}`,
    });
    expect(await adPhone(t.db, pausedId)).toBeNull();
    expect(await adPhone(t.db, silentId)).toBeNull();
  });
});

describe('publicAdIds', () => {
  it('says which of the ids are public ads now, and nothing else', async () => {
    expect(await publicAdIds(t.db, [pausedId, silentId, 987654, publishedId])).toEqual({
      public: [publishedId, silentId].sort((a, b) => a - b),
    });
    expect(await publicAdIds(t.db, [])).toEqual({ public: [] });
  });
});

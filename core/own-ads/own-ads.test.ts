// The advertiser's own ads as their account shows them, and what they may do with them: on SQLite, and on
// PostgreSQL in the postgres project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import { findOwnAd, listOwnAds, ownAdEditor, ownAdsOverview } from './own-ads.ts';
import { changeOwnAd } from './change-own-ad.ts';
import { createAdDraft, submitOwnAd, updateOwnAd } from './edit-own-ad.ts';
import { deleteOwnAd } from './delete-own-ad.ts';
import { isRenewable, RENEW_WINDOW_DAYS } from './renewal.ts';
import { startAvailableWindow } from './available-now.ts';
import { ownAdStats } from './own-ad-stats.ts';
import { adInputSchema } from '#shared/ad-input.ts';

const DAY = 86_400_000;
// Published 27 days before NOW: its free listing ends 3 days after it.
const PUBLISHED = new Date('2026-06-01T15:00:00Z');
const NOW = new Date(PUBLISHED.getTime() + 27 * DAY);

/** What the publish form sends, as the API reads it. */
const demoAdInput = () =>
  adInputSchema.parse({
    title: 'Masajes descontracturantes en Palermo',
    category: 'masajes',
    barrio: 'palermo',
    description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo de lunes a viernes.',
    phone: '11 5555-0000',
    rates: { propio: { '1h': 20000 } },
    days: ['lunes-viernes'],
    slots: ['tarde'],
    services: ['presencial'],
  });

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('own ads as the account shows them', () => {
  it('lists only the advertiser’s ads, their form fields read back, dates as ISO strings, and whether they can be renewed', async () => {
    const owner = await insertAdvertiser(t.db);
    const ending = await insertAd(t.db, owner, { title: 'Termina pronto', publishedAt: PUBLISHED, days: ['fines-semana'] });
    const fresh = await insertAd(t.db, owner, { title: 'Recién publicado', publishedAt: NOW });
    const vip = await insertAd(t.db, owner, {
      title: 'VIP',
      publishedAt: PUBLISHED,
      plan: 'vip',
      planExpiresAt: new Date(NOW.getTime() + DAY),
    });
    await insertAd(t.db, await insertAdvertiser(t.db), { title: 'De otra persona' });

    const ads = await listOwnAds(t.db, owner, NOW);
    expect(ads.map((a) => a.title).sort()).toEqual(['Recién publicado', 'Termina pronto', 'VIP']);
    const byId = new Map(ads.map((a) => [a.id, a]));
    expect(byId.get(ending)).toMatchObject({
      state: 'published',
      plan: 'gratuito',
      planExpiresAt: null,
      days: ['fines-semana'],
      expiresAt: new Date(PUBLISHED.getTime() + 30 * DAY).toISOString(),
      renewable: true,
    });
    expect(byId.get(fresh)?.renewable).toBe(false);
    // A paid plan is renewed by buying it again, not here.
    expect(byId.get(vip)).toMatchObject({ plan: 'vip', planExpiresAt: new Date(NOW.getTime() + DAY).toISOString(), renewable: false });
    expect(Object.keys(byId.get(ending)!)).not.toContain('advertiserId');
  });

  it('finds one ad only for its owner, and no id that is not one', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner);
    expect(await findOwnAd(t.db, owner, id)).toMatchObject({ id });
    expect(await findOwnAd(t.db, await insertAdvertiser(t.db), id)).toBeNull();
    expect(await findOwnAd(t.db, owner, Number.NaN)).toBeNull();
    expect(await findOwnAd(t.db, owner, -1)).toBeNull();
  });

  it('gives where each published ad stands in "Disponible ahora", by id', async () => {
    const owner = await insertAdvertiser(t.db);
    const published = await insertAd(t.db, owner);
    const paused = await insertAd(t.db, owner, { state: 'paused' });
    const now = new Date();
    await startAvailableWindow(t.db, owner, published, 2, now);
    const { ads, availability } = await ownAdsOverview(t.db, owner, now);
    expect(ads.map((a) => a.id).sort()).toEqual([published, paused].sort());
    expect(Object.keys(availability).map(Number)).toEqual([published]);
    expect(availability[published]).toMatchObject({
      availableUntil: new Date(now.getTime() + 2 * 3_600_000).toISOString(),
      windowsLeftToday: 2,
    });
  });

  it('opens the editor with the photos and the prices, but not for an ad held by a report or removed', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner);
    const photo = await insertAdPhoto(t.db, id);
    const editor = await ownAdEditor(t.db, owner, id);
    expect(editor).toMatchObject({ ad: { id }, photos: [{ id: photo, url: expect.stringContaining('/media/ads/') }] });
    expect(editor!.prices).toEqual({ premium: expect.any(Number), vip: expect.any(Number) });
    for (const state of ['held', 'removed']) {
      const locked = await insertAd(t.db, owner, { state });
      expect(await ownAdEditor(t.db, owner, locked), state).toBeNull();
    }
    expect(await ownAdEditor(t.db, await insertAdvertiser(t.db), id)).toBeNull();
  });

  it('shows an ad’s statistics to its owner only', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner, { title: 'Con estadísticas' });
    expect(await ownAdStats(t.db, owner, id, 30)).toMatchObject({ ad: { id, title: 'Con estadísticas' }, stats: { period: 30 } });
    expect(await ownAdStats(t.db, await insertAdvertiser(t.db), id, 30)).toBeNull();
  });
});

describe('renewal', () => {
  it('is open to a free listing that expired or ends within the window, not to a paid plan', () => {
    const ends = (days: number) => new Date(NOW.getTime() + days * DAY);
    expect(isRenewable({ state: 'published', plan: 'gratuito', expiresAt: ends(RENEW_WINDOW_DAYS) }, NOW)).toBe(true);
    expect(isRenewable({ state: 'paused', plan: 'gratuito', expiresAt: ends(1) }, NOW)).toBe(true);
    expect(isRenewable({ state: 'published', plan: 'gratuito', expiresAt: ends(RENEW_WINDOW_DAYS + 0.1) }, NOW)).toBe(false);
    expect(isRenewable({ state: 'expired', plan: 'gratuito', expiresAt: ends(-10) }, NOW)).toBe(true);
    expect(isRenewable({ state: 'expired', plan: 'premium', expiresAt: ends(-10) }, NOW)).toBe(false);
    expect(isRenewable({ state: 'draft', plan: 'gratuito', expiresAt: null }, NOW)).toBe(false);
  });
});

describe('pause, resume and renew', () => {
  it('pauses a published ad and resumes it while its listing lasts', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner, { publishedAt: PUBLISHED });
    await expect(changeOwnAd(t.db, owner, id, 'resume', NOW)).rejects.toMatchObject({ reason: 'resume_not_allowed' });
    await expect(changeOwnAd(t.db, owner, id, 'pause', NOW)).resolves.toBeUndefined();
    await expect(changeOwnAd(t.db, owner, id, 'pause', NOW)).rejects.toMatchObject({ reason: 'pause_not_allowed' });
    await expect(changeOwnAd(t.db, owner, id, 'resume', new Date(NOW.getTime() + 4 * DAY))).rejects.toMatchObject({
      reason: 'ad_expired_while_paused',
    });
    await expect(changeOwnAd(t.db, owner, id, 'resume', NOW)).resolves.toBeUndefined();
    expect(await findOwnAd(t.db, owner, id)).toMatchObject({ state: 'published' });
    await expect(changeOwnAd(t.db, await insertAdvertiser(t.db), id, 'pause', NOW)).rejects.toMatchObject({ reason: 'own_ad_missing' });
  });

  it('renews a free listing in its last days for 30 more days from its end, with the identity verified', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner, { publishedAt: PUBLISHED });
    const early = new Date(PUBLISHED.getTime() + 20 * DAY);
    await expect(changeOwnAd(t.db, owner, id, 'renew', early)).rejects.toMatchObject({ reason: 'renew_not_allowed' });
    await expect(changeOwnAd(t.db, owner, id, 'renew', NOW)).resolves.toBeUndefined();
    expect((await findOwnAd(t.db, owner, id))!.expiresAt).toBe(new Date(PUBLISHED.getTime() + 60 * DAY).toISOString());

    const unverified = await insertAdvertiser(t.db, { verificationStatus: 'pending' });
    const theirs = await insertAd(t.db, unverified, { publishedAt: PUBLISHED });
    await expect(changeOwnAd(t.db, unverified, theirs, 'renew', NOW)).rejects.toMatchObject({ reason: 'renew_not_allowed' });
  });

  it('publishes an expired listing again for 30 days from now', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner, { publishedAt: PUBLISHED, state: 'expired' });
    const later = new Date(PUBLISHED.getTime() + 45 * DAY);
    await expect(changeOwnAd(t.db, owner, id, 'renew', later)).resolves.toBeUndefined();
    expect(await findOwnAd(t.db, owner, id, later)).toMatchObject({
      state: 'published',
      expiresAt: new Date(later.getTime() + 30 * DAY).toISOString(),
      renewable: false,
    });
  });
});

describe('writing one’s own ad', () => {
  it('saves a draft, sends it for review once, and sends an edited live ad back to review', async () => {
    const owner = await insertAdvertiser(t.db);
    const input = demoAdInput();
    const id = await createAdDraft(t.db, owner, input);
    expect(await findOwnAd(t.db, owner, id)).toMatchObject({ state: 'draft', title: input.title });
    expect(await submitOwnAd(t.db, owner, id)).toEqual(expect.any(Array));
    await expect(submitOwnAd(t.db, owner, id)).rejects.toMatchObject({ reason: 'ad_already_submitted' });

    const live = await insertAd(t.db, owner);
    await expect(updateOwnAd(t.db, owner, live, { ...input, title: 'Título cambiado' })).resolves.toBeUndefined();
    expect(await findOwnAd(t.db, owner, live)).toMatchObject({ state: 'pending', title: 'Título cambiado' });
    await expect(updateOwnAd(t.db, await insertAdvertiser(t.db), live, input)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    const held = await insertAd(t.db, owner, { state: 'held' });
    await expect(updateOwnAd(t.db, owner, held, input)).rejects.toMatchObject({ reason: 'ad_locked' });
  });

  it('sends for review only from a verified account or one under review', async () => {
    const owner = await insertAdvertiser(t.db, { verificationStatus: 'unverified' });
    const id = await createAdDraft(t.db, owner, demoAdInput());
    await expect(submitOwnAd(t.db, owner, id)).rejects.toMatchObject({ reason: 'identity_not_verified' });
    await expect(submitOwnAd(t.db, await insertAdvertiser(t.db), id)).rejects.toMatchObject({ reason: 'own_ad_missing' });
  });

  it('deletes an ad with its photos’ keys, but not one held by a report', async () => {
    const owner = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, owner);
    await insertAdPhoto(t.db, id);
    expect(await deleteOwnAd(t.db, owner, id)).toEqual({ photoKeys: [expect.any(String)], selfieKeys: [] });
    await expect(deleteOwnAd(t.db, owner, id)).rejects.toMatchObject({ reason: 'own_ad_missing' });
    const held = await insertAd(t.db, owner, { state: 'held' });
    await expect(deleteOwnAd(t.db, owner, held)).rejects.toMatchObject({ reason: 'ad_held' });
  });
});

// Counts per cover photo (docs/decisions/034-ad-statistics.md, amended 2026-11-28), on SQLite and PostgreSQL: the counter writes each
// counted appearance and view under the ad's cover at the time, so changing the cover mid-period splits the counts
// between the two; a source still counts once per ad and day across the change; the report gives each cover's days,
// totals and thumbnail (none once the photo is deleted), and the best click-through rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import { reorderPhotos, removePhoto } from '#db/queries/ad-photos.ts';
import { deleteExpiredAdStats } from '#db/queries/ad-stats.ts';
import { adStatsReport } from '#core/ad-stats/ad-stats-report.ts';
import { bestCover, formatRate } from '#shared/ad-stats.ts';
import { AdStatsCounter } from './ad-stats.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const daily = async (id: number) =>
  (await t.db('ad_daily_stats').where('ad_id', id).orderBy('day')).map((r) => ({
    day: r.day,
    impressions: Number(r.impressions),
    views: Number(r.views),
  }));
const perCover = async (id: number) =>
  (await t.db('ad_cover_daily_stats').where('ad_id', id).orderBy(['day', 'photo_id'])).map((r) => ({
    day: r.day,
    photoId: Number(r.photo_id),
    impressions: Number(r.impressions),
    views: Number(r.views),
  }));

describe('statistics per cover', () => {
  it('splits a day between the covers at a change, counts each source once per ad and day across it, and reports each cover', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const ad = await insertAd(t.db, advertiser, { category: 'masajes', plan: 'gratuito' });
    const first = await insertAdPhoto(t.db, ad, { fileKey: 'a'.repeat(32) });
    const second = await insertAdPhoto(t.db, ad, { fileKey: 'b'.repeat(32) });
    // 10:00 in Buenos Aires (UTC-3) on 10 March.
    let now = Date.parse('2026-03-10T13:00:00Z');
    const counter = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000, now: () => now });
    const search = (source: string) => counter.countPage({ listed: [ad], viewed: null }, source);
    const open = (source: string) => counter.countPage({ listed: [], viewed: ad }, source);

    // Under the first cover: three appearances, one view.
    for (const source of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) search(source);
    open('192.0.2.1');
    await counter.flush();

    // The advertiser puts the second photo first, the same day.
    expect(await reorderPhotos(t.db, ad, [second, first])).toBe('ok');
    now += 3_600_000;
    search('192.0.2.1'); // already counted today: not again under the new cover
    open('192.0.2.1');
    for (const source of ['192.0.2.4', '192.0.2.5']) search(source);
    open('192.0.2.4');
    await counter.flush();

    // The next day the same first source counts again, under the cover of the day.
    now += 86_400_000;
    search('192.0.2.1');
    open('192.0.2.1');
    await counter.close();

    expect(await perCover(ad)).toEqual([
      { day: '2026-03-10', photoId: first, impressions: 3, views: 1 },
      { day: '2026-03-10', photoId: second, impressions: 2, views: 1 },
      { day: '2026-03-11', photoId: second, impressions: 1, views: 1 },
    ]);
    // The covers' rows add up to the ad's day.
    expect(await daily(ad)).toEqual([
      { day: '2026-03-10', impressions: 5, views: 2 },
      { day: '2026-03-11', impressions: 1, views: 1 },
    ]);

    const report = await adStatsReport(t.db, { id: ad, category: 'masajes', plan: 'gratuito' }, 30, new Date(now));
    expect(report.covers).toEqual([
      {
        photoId: first,
        thumbnail: `/media/ads/${'a'.repeat(32)}-400.webp`,
        current: false,
        firstDay: '2026-03-10',
        lastDay: '2026-03-10',
        days: 1,
        impressions: 3,
        views: 1,
      },
      {
        photoId: second,
        thumbnail: `/media/ads/${'b'.repeat(32)}-400.webp`,
        current: true,
        firstDay: '2026-03-10',
        lastDay: '2026-03-11',
        days: 2,
        impressions: 3,
        views: 2,
      },
    ]);
    expect(report.totals).toMatchObject({ impressions: 6, views: 3 });
    expect(bestCover(report.covers)?.photoId).toBe(second);
    expect(report.covers.map((c) => formatRate(c.views, c.impressions))).toEqual(['33,3 %', '66,7 %']);

    // The first photo is deleted: its figures stay, without a picture.
    expect(await removePhoto(t.db, ad, first)).toEqual(['a'.repeat(32)]);
    const after = await adStatsReport(t.db, { id: ad, category: 'masajes', plan: 'gratuito' }, 30, new Date(now));
    expect(after.covers.map((c) => [c.photoId, c.thumbnail, c.impressions, c.views])).toEqual([
      [first, null, 3, 1],
      [second, `/media/ads/${'b'.repeat(32)}-400.webp`, 3, 2],
    ]);

    // A period that starts after the change sees one cover; the 13 months' retention removes the rows too.
    const later = await adStatsReport(t.db, { id: ad, category: 'masajes', plan: 'gratuito' }, 30, new Date('2026-04-09T13:00:00Z'));
    expect(later.covers.map((c) => c.photoId)).toEqual([second]);
    await deleteExpiredAdStats(t.db, new Date('2027-04-11T13:00:00Z'));
    expect(await perCover(ad)).toEqual([{ day: '2026-03-11', photoId: second, impressions: 1, views: 1 }]);
  });

  it('counts an ad without photos only by day, and keeps contacts out of the covers', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const bare = await insertAd(t.db, advertiser);
    const pictured = await insertAd(t.db, advertiser);
    const cover = await insertAdPhoto(t.db, pictured);
    const counter = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000 });
    counter.countPage({ listed: [bare, pictured], viewed: null }, '198.51.100.7');
    counter.count(pictured, 'phoneReveals', '198.51.100.7');
    await counter.close();
    expect((await daily(bare)).map((r) => r.impressions)).toEqual([1]);
    expect(await perCover(bare)).toEqual([]);
    expect((await perCover(pictured)).map(({ photoId, impressions, views }) => ({ photoId, impressions, views }))).toEqual([
      { photoId: cover, impressions: 1, views: 0 },
    ]);
  });
});

describe('bestCover', () => {
  const cover = (photoId: number, impressions: number, views: number) => ({
    photoId,
    thumbnail: null,
    current: false,
    firstDay: '2026-03-01',
    lastDay: '2026-03-01',
    days: 1,
    impressions,
    views,
  });
  it('names the cover with the highest views per appearance, none on a tie or without two that appeared', () => {
    expect(bestCover([cover(1, 100, 10), cover(2, 20, 4), cover(3, 0, 0)])?.photoId).toBe(2);
    expect(bestCover([cover(1, 100, 10), cover(2, 50, 5)])).toBeNull();
    expect(bestCover([cover(1, 100, 10), cover(2, 0, 0)])).toBeNull();
  });
});

// Moderation on a real database: the queue as staff read it (the reasons and matches, not the stored flags' ids),
// and the decisions, each with its audit row, the advertiser told only once it committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdministrator, insertAdPhotoRows, insertAdvertiser } from '#tooling/factories/index.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import type { ReviewFlag } from '#shared/review-flags.ts';
import { actorOf, auditRows, detailsOf } from '../testing.ts';
import { moderationQueue } from './queue.ts';
import { approveAd, refuseAd, type AdDecisionNotice } from './decisions.ts';
import { adStatsForStaff } from './ad-stats.ts';

let t: TestDb;
let staff: Admin;
const told: [number, AdDecisionNotice][] = [];
const deps = () => ({ db: t.db, notices: { adDecided: async (adId: number, notice: AdDecisionNotice) => void told.push([adId, notice]) } });

beforeAll(async () => {
  t = await createTestDb();
  staff = await insertAdministrator(t.db, { permissions: ['manage_ads'] });
});
afterAll(() => t?.destroy());

const pendingAd = async (flags: ReviewFlag[] = [], verification: 'verified' | 'pending' = 'verified') => {
  const advertiserId = await insertAdvertiser(t.db, { fullName: 'Ana Anunciante', verificationStatus: verification });
  const adId = await insertAd(t.db, advertiserId, { title: 'Aviso en revisión', state: 'pending' });
  await t
    .db('ads')
    .where('id', adId)
    .update({ review_flags: flags.length ? JSON.stringify(flags) : null, submitted_at: new Date() });
  return { adId, advertiserId };
};

describe('moderationQueue', () => {
  it("shows each reason and each match with the other ad, and none of the stored flags' ids", async () => {
    const otherOwner = await insertAdvertiser(t.db, { fullName: 'Otra Cuenta' });
    const otherAd = await insertAd(t.db, otherOwner, { title: 'El otro aviso' });
    const [otherPhoto] = await insertAdPhotoRows(t.db, otherAd, 1);
    const { adId } = await pendingAd();
    const [, photo] = await insertAdPhotoRows(t.db, adId, 2);
    const flags: ReviewFlag[] = [
      { kind: 'telefono_oculto', match: 'once cinco', weight: 3 },
      {
        kind: 'foto_duplicada',
        match: 'foto 2',
        photoId: photo!,
        otherPhotoId: otherPhoto!,
        otherAdId: otherAd,
        otherAdvertiserId: otherOwner,
        distance: 0,
      },
    ];
    await t
      .db('ads')
      .where('id', adId)
      .update({ review_flags: JSON.stringify(flags) });
    const item = (await moderationQueue(t.db, 'pending')).find((a) => a.id === adId)!;
    expect(item.flags).toEqual([
      { kind: 'telefono_oculto', match: 'once cinco' },
      { kind: 'foto_duplicada', match: 'foto 2' },
    ]);
    expect(item.score).toBeGreaterThan(0);
    expect(item.matches).toEqual([
      {
        kind: 'foto_duplicada',
        match: 'foto 2',
        photo: expect.any(String),
        otherPhoto: expect.any(String),
        distance: 0,
        mirrored: false,
        otherAd: { id: otherAd, slug: expect.any(String), title: 'El otro aviso', state: 'published', advertiserName: 'Otra Cuenta' },
      },
    ]);
    expect(Object.keys(item).sort()).toEqual(
      [
        'advertiserName',
        'advertiserVerification',
        'age',
        'barrio',
        'category',
        'description',
        'flags',
        'id',
        'matches',
        'openReports',
        'phone',
        'photos',
        'rates',
        'schedule',
        'score',
        'services',
        'state',
        'stateReason',
        'submittedAt',
        'title',
      ].sort(),
    );
    expect(JSON.stringify(item)).not.toContain('otherAdvertiserId');
  });
});

describe('decisions', () => {
  it('approve an ad of a verified advertiser, audited, and tell its owner after', async () => {
    const { adId } = await pendingAd();
    await approveAd(deps(), actorOf(staff), adId, {});
    expect((await t.db('ads').where('id', adId).first()).state).toBe('published');
    expect(await auditRows(t.db, 'ad_approved', adId)).toHaveLength(1);
    expect(told).toContainEqual([adId, { kind: 'approved' }]);
  });

  it('refuse to approve a flagged ad whose reasons were not read, or one of an unverified advertiser: nothing written, nobody told', async () => {
    const flagged = await pendingAd([{ kind: 'confianza', match: 'confiable', weight: 2 }]);
    await expect(approveAd(deps(), actorOf(staff), flagged.adId, {})).rejects.toMatchObject({ reason: 'flags_unread' });
    const unverified = await pendingAd([], 'pending');
    await expect(approveAd(deps(), actorOf(staff), unverified.adId, {})).rejects.toMatchObject({ reason: 'advertiser_not_verified' });
    for (const adId of [flagged.adId, unverified.adId]) {
      expect(await auditRows(t.db, 'ad_approved', adId)).toHaveLength(0);
      expect(told.some(([id]) => id === adId)).toBe(false);
    }
    await approveAd(deps(), actorOf(staff), flagged.adId, { flagsRead: true });
    expect(detailsOf((await auditRows(t.db, 'ad_approved', flagged.adId))[0])).toEqual({ flagsRead: true });
  });

  it('reject with a reason and a category; remove a live ad; an unknown ad is refused', async () => {
    const { adId } = await pendingAd();
    await refuseAd(deps(), actorOf(staff), adId, 'reject', { reason: 'Faltan datos.', category: 'datos' });
    expect(await t.db('ads').where('id', adId).first()).toMatchObject({ state: 'rejected', state_reason: 'Faltan datos.' });
    expect(detailsOf((await auditRows(t.db, 'ad_rejected', adId))[0])).toEqual({ reason: 'Faltan datos.', category: 'datos' });
    expect(told).toContainEqual([adId, { kind: 'rejected', reason: 'Faltan datos.' }]);
    const live = await insertAd(t.db, await insertAdvertiser(t.db));
    await refuseAd(deps(), actorOf(staff), live, 'remove', { reason: 'Fotos ajenas.', category: 'fotos' });
    expect((await t.db('ads').where('id', live).first()).state).toBe('removed');
    await expect(refuseAd(deps(), actorOf(staff), 999_999, 'remove', { reason: 'No existe.', category: 'otro' })).rejects.toMatchObject({
      reason: 'ad_missing',
    });
  });
});

describe('adStatsForStaff', () => {
  it("reads any ad's report over the period; an unknown ad is refused", async () => {
    const adId = await insertAd(t.db, await insertAdvertiser(t.db));
    const stats = await adStatsForStaff(t.db, adId, 30);
    expect(stats).toMatchObject({ period: 30, days: expect.any(Array) });
    expect(stats.days).toHaveLength(30);
    await expect(adStatsForStaff(t.db, 999_999, 90)).rejects.toMatchObject({ reason: 'ad_missing' });
  });
});

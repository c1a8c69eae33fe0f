// Staff moderation of ads (the panel's Anuncios): the queue with what screening found and the photos, and the
// decisions: approve (only for a verified advertiser; the ad goes live for the free plan's 30 days), reject
// with a reason, remove a live ad with a reason. The advertiser sees the reason in their account.
import type { Knex } from 'knex';
import { Ad, Report } from '#db/models/index.ts';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import { closeAdReview } from '#db/queries/ad-reviews.ts';
import type { RedFlag } from '#shared/screening.ts';
import { addDays, FREE_LISTING_DAYS } from '#shared/plans.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { ratesFromRows, type Rates } from '#shared/rates.ts';
import { fromMask } from '#shared/masks.ts';
import { SERVICE_TYPES, type ServiceType } from '#shared/catalogue.ts';
import { openReportsOf } from '#db/queries/reports.ts';
import { HIDING_REASONS, reportReasonLabel } from '#shared/report-reasons.ts';
export type ModerationState = 'pending' | 'held' | 'published' | 'rejected' | 'removed';

export interface ModerationItem {
  id: number;
  title: string;
  category: string;
  barrio: string | null;
  description: string;
  state: string;
  stateReason: string | null;
  requestedPlan: string;
  /** The rates table as the ad page shows it, and the services that name its rows. */
  rates: Rates;
  services: ServiceType[];
  flags: RedFlag[];
  advertiserId: number;
  advertiserName: string;
  advertiserVerification: string;
  photos: string[];
  /** Reports still open about this ad: staff see them with the ad, and approval waits for those that hide it. */
  openReports: { id: number; reason: string; label: string; hides: boolean; createdAt: string }[];
  submittedAt: string | null;
  updatedAt: string;
}

const parseFlags = (text: string | null): RedFlag[] => {
  try {
    return text ? (JSON.parse(text) as RedFlag[]) : [];
  } catch {
    return [];
  }
};

/** Ads in a state, oldest submission first for the pending queue (first come, first reviewed), newest otherwise. */
export async function moderationQueue(db: Knex, state: ModerationState, limit = 200): Promise<ModerationItem[]> {
  const ads = await Ad.query(db)
    .withGraphJoined('advertiser(signedIn)')
    .withGraphFetched('[photos(inGalleryOrder), rates]')
    .where('ads.state', state)
    .orderBy(
      state === 'pending'
        ? [{ column: 'ads.submitted_at', order: 'asc' }, 'ads.id']
        : [
            { column: 'ads.updated_at', order: 'desc' },
            { column: 'ads.id', order: 'desc' },
          ],
    )
    .limit(limit);
  const reports = await openReportsOf(
    db,
    ads.map((ad) => ad.id),
  );
  return ads.map((ad) => ({
    id: ad.id,
    title: ad.title,
    category: ad.category,
    barrio: ad.barrio,
    description: ad.description,
    state: ad.state,
    stateReason: ad.stateReason,
    requestedPlan: ad.requestedPlan,
    rates: ratesFromRows(ad.rates!),
    services: fromMask(SERVICE_TYPES, ad.servicesMask),
    flags: parseFlags(ad.reviewFlags),
    advertiserId: ad.advertiserId,
    advertiserName: ad.advertiser!.fullName,
    advertiserVerification: ad.advertiser!.verificationStatus,
    photos: ad.photos!.map((p) => adImageUrl(p.fileKey, 400)),
    openReports: reports
      .filter((report) => report.adId === ad.id)
      .map(({ id, reason, hides, createdAt }) => ({ id, reason, label: reportReasonLabel(reason), hides, createdAt })),
    submittedAt: ad.submittedAt?.toISOString() ?? null,
    updatedAt: ad.updatedAt.toISOString(),
  }));
}

export type ModerationResult = 'ok' | 'missing' | 'wrong_state' | 'not_verified' | 'reported';

export async function approveAd(db: Knex, adId: number, now = new Date()): Promise<ModerationResult> {
  const ad = await Ad.query(db).findById(adId).withGraphJoined('advertiser(signedIn)');
  if (!ad) return 'missing';
  if (ad.advertiser!.verificationStatus !== 'verified') return 'not_verified';
  const hidingReports = () => Report.query(db).where({ ad_id: adId, status: 'open' }).whereIn('reason', HIDING_REASONS);
  // A report of a possible minor or trafficking is decided first, whatever state the ad is in.
  if (await hidingReports().first()) return 'reported';
  // An edit approved while a paid plan runs keeps the longer listing the plan gave.
  const freeEnd = addDays(now, FREE_LISTING_DAYS);
  const expiresAt = ad.expiresAt && ad.expiresAt > freeEnd ? ad.expiresAt : freeEnd;
  const moved = await Ad.query(db)
    .findById(adId)
    .where('state', 'pending')
    // Checked again in the statement that publishes: a report made since the check above still blocks.
    .whereNotExists(hidingReports().select(db.raw('1')))
    .patch({ state: 'published', stateReason: null, publishedAt: now, expiresAt, reviewFlags: null, updatedAt: now });
  if (!moved) return 'wrong_state';
  await closeAdReview(db, adId, now);
  await refreshSearchRanks(db, now, [adId]);
  return 'ok';
}

/** pending -> rejected, or published/held/paused -> removed; the reason is shown to the advertiser. */
export async function refuseAd(
  db: Knex,
  adId: number,
  action: 'reject' | 'remove',
  reason: string,
  now = new Date(),
): Promise<ModerationResult> {
  const from = action === 'reject' ? ['pending'] : ['published', 'held', 'paused', 'pending'];
  const moved = await Ad.query(db)
    .findById(adId)
    .whereIn('state', from)
    .patch({ state: action === 'reject' ? 'rejected' : 'removed', stateReason: reason, updatedAt: now });
  if (moved) {
    // Rejecting (or removing) an ad waiting in the queue decides its review; removing a live one has none open.
    await closeAdReview(db, adId, now);
    return 'ok';
  }
  return (await Ad.query(db).findById(adId).select('id')) ? 'wrong_state' : 'missing';
}

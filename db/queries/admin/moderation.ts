// Staff moderation of ads (the panel's Anuncios): the queue with what screening found and the photos, and the
// decisions: approve (only for a verified advertiser; the ad goes live for the free plan's 30 days), reject
// with a reason, remove a live ad with a reason. The advertiser sees the reason in their account.
import type { Knex } from 'knex';
import { refreshSearchRanks } from '#db/queries/search-rank.ts';
import type { RedFlag } from '#shared/screening.ts';
import { addDays, FREE_LISTING_DAYS } from '#shared/plans.ts';
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
  const rows = await db('ads as ad')
    .join('advertisers as a', 'a.id', 'ad.advertiser_id')
    .where('ad.state', state)
    .orderBy(
      state === 'pending'
        ? [{ column: 'ad.submitted_at', order: 'asc' }, 'ad.id']
        : [
            { column: 'ad.updated_at', order: 'desc' },
            { column: 'ad.id', order: 'desc' },
          ],
    )
    .limit(limit)
    .select('ad.*', 'a.full_name as advertiser_name', 'a.verification_status as advertiser_verification');
  const photos = rows.length
    ? await db('ad_images')
        .whereIn(
          'ad_id',
          rows.map((r) => r.id),
        )
        .orderBy('position')
        .select('ad_id', 'file_key')
    : [];
  const reports = await openReportsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    barrio: r.barrio,
    description: r.description,
    state: r.state,
    stateReason: r.state_reason,
    requestedPlan: r.requested_plan,
    flags: parseFlags(r.review_flags),
    advertiserId: r.advertiser_id,
    advertiserName: r.advertiser_name,
    advertiserVerification: r.advertiser_verification,
    photos: photos.filter((p) => p.ad_id === r.id).map((p) => `/media/ads/${p.file_key}-400.webp`),
    openReports: reports
      .filter((report) => report.adId === r.id)
      .map(({ id, reason, hides, createdAt }) => ({ id, reason, label: reportReasonLabel(reason), hides, createdAt })),
    submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export type ModerationResult = 'ok' | 'missing' | 'wrong_state' | 'not_verified' | 'reported';

export async function approveAd(db: Knex, adId: number, now = new Date()): Promise<ModerationResult> {
  const ad = await db('ads as ad')
    .join('advertisers as a', 'a.id', 'ad.advertiser_id')
    .where('ad.id', adId)
    .first('ad.state', 'ad.expires_at', 'a.verification_status');
  if (!ad) return 'missing';
  if (ad.verification_status !== 'verified') return 'not_verified';
  // A report of a possible minor or trafficking is decided first, whatever state the ad is in.
  if (await db('reports').where({ ad_id: adId, status: 'open' }).whereIn('reason', HIDING_REASONS).first('id')) return 'reported';
  // An edit approved while a paid plan runs keeps the longer listing the plan gave.
  const freeEnd = addDays(now, FREE_LISTING_DAYS);
  const expiresAt = ad.expires_at && new Date(ad.expires_at) > freeEnd ? new Date(ad.expires_at) : freeEnd;
  const moved = await db('ads')
    .where({ id: adId, state: 'pending' })
    // Checked again in the statement that publishes: a report made since the check above still blocks.
    .whereNotExists(
      db('reports')
        .where('reports.ad_id', adId)
        .where('reports.status', 'open')
        .whereIn('reports.reason', HIDING_REASONS)
        .select(db.raw('1')),
    )
    .update({ state: 'published', state_reason: null, published_at: now, expires_at: expiresAt, review_flags: null, updated_at: now });
  if (!moved) return 'wrong_state';
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
  const moved = await db('ads')
    .where('id', adId)
    .whereIn('state', from)
    .update({ state: action === 'reject' ? 'rejected' : 'removed', state_reason: reason, updated_at: now });
  if (moved) return 'ok';
  return (await db('ads').where('id', adId).first('id')) ? 'wrong_state' : 'missing';
}

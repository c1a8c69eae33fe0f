// Staff moderation of ads (the panel's Anuncios): the queue with what screening found and the photos, and the
// decisions: approve (only for a verified advertiser; the ad goes live for the free plan's 30 days), reject
// with a reason, remove a live ad with a reason. The advertiser sees the reason in their account.
import type { Knex } from 'knex';
import { Ad, AdPhoto, Advertiser, Report, VerificationRequest } from '#db/models/index.ts';
import { closeAdReview } from '#db/queries/ad-reviews.ts';
import { reviewScore, type ReviewFlag } from '#shared/review-flags.ts';
import { keepRemovedAdPhotos } from '#db/queries/duplicates.ts';
import { addDays, FREE_LISTING_DAYS } from '#shared/plans.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { ratesFromRows, type Rates } from '#shared/rates.ts';
import { fromMask } from '#shared/masks.ts';
import { DAY_GROUPS, SERVICE_TYPES, TIME_SLOTS, type ServiceType } from '#shared/catalogue.ts';
import type { WeeklySchedule } from '#shared/availability.ts';
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
  /** E.164 (docs/decisions/014-phone-numbers.md). */
  phone: string | null;
  schedule: WeeklySchedule;
  /** The advertiser's birth date: confirmed by their verification, or stated in their latest request. */
  birthDate: StatedBirthDate | null;
  /** The rates table as the ad page shows it, and the services that name its rows. */
  rates: Rates;
  services: ServiceType[];
  flags: ReviewFlag[];
  /** The sum of the flags' weights: the queue of pending ads shows the heaviest first. */
  score: number;
  /** The photos and phone number this ad shares with other accounts' ads, as they are now. */
  matches: DuplicateMatch[];
  advertiserId: number;
  advertiserName: string;
  advertiserVerification: string;
  photos: string[];
  /** Reports still open about this ad: staff see them with the ad, and approval waits for those that hide it. */
  openReports: { id: number; reason: string; label: string; hides: boolean; createdAt: string }[];
  submittedAt: string | null;
  updatedAt: string;
}

export interface StatedBirthDate {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Copied onto the account when staff approved its verification; false while only stated in a request. */
  confirmed: boolean;
}

/** Another account's ad that shares a photo or the phone number with the ad under review. */
export interface DuplicateMatch {
  kind: 'foto_duplicada' | 'telefono_duplicado';
  /** 'foto 2', or the phone number (E.164). */
  match: string;
  /** This ad's photo and the matching one (null once deleted); photo matches only. */
  photo: string | null;
  otherPhoto: string | null;
  distance: number | null;
  mirrored: boolean;
  /** Null when the other ad was deleted since. */
  otherAd: { id: number; slug: string; title: string; state: string; advertiserId: number; advertiserName: string } | null;
}

const parseFlags = (text: string | null): ReviewFlag[] => {
  try {
    const flags: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(flags) ? (flags as ReviewFlag[]) : [];
  } catch {
    return [];
  }
};

/** The matches of the flags, read as they are now: the other ads' titles, states and owners, and both photos. */
async function duplicateMatches(db: Knex, flagsOf: ReviewFlag[][]): Promise<DuplicateMatch[][]> {
  const duplicates = flagsOf.map((flags) => flags.filter((f) => f.kind === 'foto_duplicada' || f.kind === 'telefono_duplicado'));
  const adIds = [...new Set(duplicates.flat().map((f) => f.otherAdId))];
  const photoIds = [...new Set(duplicates.flat().flatMap((f) => (f.kind === 'foto_duplicada' ? [f.photoId, f.otherPhotoId] : [])))];
  const ads = adIds.length
    ? await Ad.query(db).findByIds(adIds).select('id', 'slug', 'title', 'state', 'advertiser_id').withGraphFetched('advertiser(name)')
    : [];
  const photos = photoIds.length ? await AdPhoto.query(db).findByIds(photoIds).select('id', 'file_key') : [];
  const adById = new Map(ads.map((a) => [a.id, a]));
  const photoUrl = (id: number) => {
    const photo = photos.find((p) => p.id === id);
    return photo ? adImageUrl(photo.fileKey, 400) : null;
  };
  return duplicates.map((flags) =>
    flags.map((flag) => {
      const other = adById.get(flag.otherAdId);
      const isPhoto = flag.kind === 'foto_duplicada';
      return {
        kind: flag.kind,
        match: flag.match,
        photo: isPhoto ? photoUrl(flag.photoId) : null,
        otherPhoto: isPhoto ? photoUrl(flag.otherPhotoId) : null,
        distance: isPhoto ? flag.distance : null,
        mirrored: isPhoto && flag.mirrored === true,
        otherAd: other
          ? {
              id: other.id,
              slug: other.slug,
              title: other.title,
              state: other.state,
              advertiserId: other.advertiserId,
              advertiserName: other.advertiser!.fullName,
            }
          : null,
      };
    }),
  );
}

/** Each advertiser's birth date: the one verification confirmed, else the one stated in their latest request. */
async function birthDatesOf(db: Knex, advertiserIds: number[]): Promise<Map<number, StatedBirthDate>> {
  const ids = [...new Set(advertiserIds)];
  if (!ids.length) return new Map();
  const [accounts, requests] = await Promise.all([
    Advertiser.query(db).findByIds(ids).whereNotNull('birth_date').select('id', 'birth_date'),
    VerificationRequest.query(db).whereIn('advertiser_id', ids).orderBy('id', 'desc').select('advertiser_id', 'birth_date'),
  ]);
  const dates = new Map<number, StatedBirthDate>(accounts.map((a) => [a.id, { date: a.birthDate!, confirmed: true }]));
  for (const r of requests) if (!dates.has(r.advertiserId)) dates.set(r.advertiserId, { date: r.birthDate, confirmed: false });
  return dates;
}

/**
 * Ads in a state: for the pending queue the highest review score first, then the oldest submission (first come,
 * first reviewed); newest otherwise.
 */
export async function moderationQueue(db: Knex, state: ModerationState, limit = 200): Promise<ModerationItem[]> {
  const ads = await Ad.query(db)
    .withGraphJoined('advertiser(signedIn)')
    .withGraphFetched('[photos(inGalleryOrder), rates]')
    .where('ads.state', state)
    // Pending: the heaviest reasons first, then first come, first reviewed.
    .modify((q) => void (state === 'pending' && q.orderByRaw('coalesce(ads.review_score, 0) desc')))
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
  const flagsOf = ads.map((ad) => parseFlags(ad.reviewFlags));
  const [matchesOf, birthDates] = await Promise.all([
    duplicateMatches(db, flagsOf),
    birthDatesOf(
      db,
      ads.map((ad) => ad.advertiserId),
    ),
  ]);
  return ads.map((ad, i) => ({
    id: ad.id,
    title: ad.title,
    category: ad.category,
    barrio: ad.barrio,
    description: ad.description,
    state: ad.state,
    stateReason: ad.stateReason,
    requestedPlan: ad.requestedPlan,
    phone: ad.phone,
    schedule: {
      days: fromMask(DAY_GROUPS, ad.daysMask),
      slots: fromMask(TIME_SLOTS, ad.slotsMask),
      is24h: ad.is24h,
      openSchedule: ad.openSchedule,
    },
    birthDate: birthDates.get(ad.advertiserId) ?? null,
    rates: ratesFromRows(ad.rates!),
    services: fromMask(SERVICE_TYPES, ad.servicesMask),
    flags: flagsOf[i]!,
    score: reviewScore(flagsOf[i]!),
    matches: matchesOf[i]!,
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

export type ModerationResult = 'ok' | 'missing' | 'wrong_state' | 'not_verified' | 'reported' | 'flags_unread';

/**
 * pending -> published. An ad screening flagged is approved only when staff confirm they read its reasons
 * (`flagsRead`): flags hold an ad, they never reject it, and the one who lets it through has read why it was held.
 */
export async function approveAd(
  db: Knex,
  adId: number,
  now = new Date(),
  options: { flagsRead?: boolean } = {},
): Promise<ModerationResult> {
  const ad = await Ad.query(db).findById(adId).withGraphJoined('advertiser(signedIn)');
  if (!ad) return 'missing';
  if (ad.advertiser!.verificationStatus !== 'verified') return 'not_verified';
  if (ad.state === 'pending' && parseFlags(ad.reviewFlags).length > 0 && !options.flagsRead) return 'flags_unread';
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
    // The flags read with it: unchanged since (an edit or a new photo screens the ad again).
    .modify((q) => void (ad.reviewFlags === null ? q.whereNull('review_flags') : q.where('review_flags', ad.reviewFlags)))
    .patch({ state: 'published', stateReason: null, publishedAt: now, expiresAt, reviewFlags: null, reviewScore: null, updatedAt: now });
  if (!moved) return 'wrong_state';
  await closeAdReview(db, adId, now);
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
    // Removed for cause: its pictures are kept as hashes and refused to every later upload (docs/decisions/043).
    if (action === 'remove') await keepRemovedAdPhotos(db, adId, now);
    // Rejecting (or removing) an ad waiting in the queue decides its review; removing a live one has none open.
    await closeAdReview(db, adId, now);
    return 'ok';
  }
  return (await Ad.query(db).findById(adId).select('id')) ? 'wrong_state' : 'missing';
}

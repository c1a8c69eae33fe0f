// The panel's statistics cards. Revenue counts completed payments by the Buenos Aires day and month in which
// they were processed.
import type { Knex } from 'knex';
import { countOverdueReports } from '../reports.ts';
import { buenosAiresDate, buenosAiresDayStart, shiftDate, shiftMonths } from '#shared/dates.ts';

export interface Statistics {
  totalSubscribers: number;
  activeSubscribers: number;
  pendingVerifications: number;
  monthlyRevenue: number;
  todayRevenue: number;
  totalAds: number;
  activeAds: number;
  /** Ads waiting for staff review (the Anuncios section's queue). */
  pendingAds: number;
  /** "Fotos reales" requests whose selfie waits for staff. */
  pendingPhotoVerifications: number;
  /** Open reports of a possible minor or trafficking waiting for staff over 24 hours (the Denuncias badge). */
  overdueReports: number;
}

const count = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }).first())?.n ?? 0);
const sum = async (query: Knex.QueryBuilder) => Number((await query.sum({ n: 'amount' }).first())?.n ?? 0);

export async function statistics(db: Knex, now = new Date()): Promise<Statistics> {
  const today = buenosAiresDate(now);
  const dayStart = buenosAiresDayStart(today);
  const dayEnd = buenosAiresDayStart(shiftDate(today, 0, 1));
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const monthStart = buenosAiresDayStart(firstOfMonth);
  const monthEnd = buenosAiresDayStart(shiftMonths(firstOfMonth, 1));
  const completedBetween = (from: Date, to: Date) =>
    db('payments').where('status', 'completed').andWhere('processed_at', '>=', from).andWhere('processed_at', '<', to);
  const [
    totalSubscribers,
    activeSubscribers,
    pendingVerifications,
    monthlyRevenue,
    todayRevenue,
    totalAds,
    activeAds,
    pendingAds,
    pendingPhotoVerifications,
    overdueReports,
  ] = await Promise.all([
    count(db('advertisers')),
    // Advertisers with a published ad, read from the ads index (state, advertiser_id) alone.
    db('ads')
      .where('state', 'published')
      .countDistinct({ n: 'advertiser_id' })
      .first()
      .then((row) => Number(row?.n ?? 0)),
    count(db('advertisers').where('verification_status', 'pending')),
    sum(completedBetween(monthStart, monthEnd)),
    sum(completedBetween(dayStart, dayEnd)),
    count(db('ads').whereNot('state', 'draft')),
    count(db('ads').where('state', 'published')),
    count(db('ads').where('state', 'pending')),
    count(db('photo_verification_requests').where('status', 'pending')),
    countOverdueReports(db, now),
  ]);
  return {
    totalSubscribers,
    activeSubscribers,
    pendingVerifications,
    monthlyRevenue,
    todayRevenue,
    totalAds,
    activeAds,
    pendingAds,
    pendingPhotoVerifications,
    overdueReports,
  };
}

// A published ad's page (/anuncio/{slug}-{id}), and the short form other public pages name a published ad by.
// Only published ads are found; the phone number is never part of either (ad-phone.ts gives it on request).
import type { Knex } from 'knex';
import { findPublicAd, type AdDetails } from '#db/queries/ad-page.ts';
import type { AdSummaryView, PublicAdView } from '#shared/contracts/public/ad-page.ts';

/** The page of the published ad `id`; null when there is none (unknown, not published, or not an id). */
export async function publicAd(db: Knex, id: number | null, now = new Date()): Promise<PublicAdView | null> {
  const ad = id === null ? null : await findPublicAd(db, id, now);
  return ad && presentPublicAd(ad);
}

/** The id, address and title of the published ad `id` (the report form, the ad check); null when there is none. */
export async function publicAdSummary(db: Knex, id: number | null): Promise<AdSummaryView | null> {
  const ad = id === null ? null : await findPublicAd(db, id);
  return ad && { id: ad.id, slug: ad.slug, title: ad.title };
}

export function presentPublicAd(ad: AdDetails): PublicAdView {
  return {
    id: ad.id,
    slug: ad.slug,
    title: ad.title,
    description: ad.description,
    category: ad.category,
    barrio: ad.barrio,
    pricePerHour: ad.pricePerHour,
    rates: ad.rates,
    plan: ad.plan,
    photosVerified: ad.photosVerified,
    photosVerifiedAt: ad.photosVerifiedAt?.toISOString() ?? null,
    age: ad.age,
    days: ad.days,
    slots: ad.slots,
    is24h: ad.is24h,
    openSchedule: ad.openSchedule,
    languages: ad.languages,
    services: ad.services,
    attention: ad.attention,
    hasPhone: ad.hasPhone,
    images: ad.images.map((i) => ({ key: i.key, width: i.width, height: i.height, alt: i.alt })),
    availableUntil: ad.availableUntil?.toISOString() ?? null,
  };
}

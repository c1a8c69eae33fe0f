// The advertiser's own ad as it leaves the server (shared/contracts/advertiser/own-ads.ts): the form's fields read
// back from their masks, the dates as ISO strings, whether "Renovar" is offered now, its cover's thumbnail (through
// the app, which shows an ad that is not public to its owner) and its public address while it is published.
import type { Ad } from '#db/models/index.ts';
import { ATTENTION_TYPES, DAY_GROUPS, LANGUAGES, SERVICE_TYPES, TIME_SLOTS } from '#shared/catalogue.ts';
import { fromMask } from '#shared/masks.ts';
import { ratesFromRows } from '#shared/rates.ts';
import type { AdSubmitted, DraftCreated, OwnAd } from '#shared/contracts/advertiser/own-ads.ts';
import { adPath } from '#shared/ad-text.ts';
import { adImageUrl } from '#shared/photo-urls.ts';
import { isRenewable } from './renewal.ts';

export function presentOwnAd(ad: Ad, now: Date, coverKey?: string): OwnAd {
  return {
    id: ad.id,
    title: ad.title,
    category: ad.category,
    barrio: ad.barrio,
    description: ad.description,
    phone: ad.phone,
    rates: ratesFromRows(ad.rates ?? []),
    pricePerHour: ad.pricePerHour,
    days: fromMask(DAY_GROUPS, ad.daysMask),
    slots: fromMask(TIME_SLOTS, ad.slotsMask),
    is24h: ad.is24h,
    openSchedule: ad.openSchedule,
    languages: fromMask(LANGUAGES, ad.languagesMask),
    services: fromMask(SERVICE_TYPES, ad.servicesMask),
    attention: fromMask(ATTENTION_TYPES, ad.attentionMask),
    state: ad.state,
    stateReason: ad.stateReason,
    plan: ad.plan,
    requestedPlan: ad.requestedPlan,
    planExpiresAt: ad.plan === 'gratuito' ? null : (ad.planExpiresAt?.toISOString() ?? null),
    expiresAt: ad.expiresAt?.toISOString() ?? null,
    photosVerified: ad.photosVerified,
    photosVerifiedAt: ad.photosVerified ? (ad.photosVerifiedAt?.toISOString() ?? null) : null,
    renewable: isRenewable(ad, now),
    cover: coverKey ? adImageUrl(coverKey, 400) : null,
    publicPath: ad.state === 'published' ? adPath(ad) : null,
    updatedAt: ad.updatedAt.toISOString(),
  };
}

export const draftCreated = (id: number): DraftCreated => ({ id, state: 'draft' });

export const adSubmitted = (): AdSubmitted => ({ success: true, state: 'pending' });

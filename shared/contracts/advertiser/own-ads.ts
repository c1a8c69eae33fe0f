// The advertiser's own ads as their account shows them (/mi-cuenta, its editor) and as /api/advertiser/ads answers:
// built by core/own-ads/present-own-ad.ts.
import type { AdInputForm } from '#shared/ad-input.ts';
import type { AdState, Category, Plan } from '#shared/catalogue.ts';
import type { Rates } from '#shared/rates.ts';

export interface OwnAd {
  id: number;
  title: string;
  category: Category;
  barrio: string | null;
  description: string;
  phone: string | null;
  rates: Rates;
  /** The lowest 1-hour rate, derived from `rates`. */
  pricePerHour: number | null;
  days: AdInputForm['days'];
  slots: AdInputForm['slots'];
  is24h: boolean;
  openSchedule: boolean;
  languages: AdInputForm['languages'];
  services: AdInputForm['services'];
  attention: AdInputForm['attention'];
  state: AdState;
  stateReason: string | null;
  plan: Plan;
  requestedPlan: Plan;
  /** The end of the paid plan in force; null on the free plan. */
  planExpiresAt: string | null;
  expiresAt: string | null;
  /** "Fotos reales": every photo verified by staff. */
  photosVerified: boolean;
  /** Since when (the oldest check, ISO) while photosVerified is true: the badge's age and end (decision 067). */
  photosVerifiedAt: string | null;
  /** A free listing that may be renewed now (expired, or in its last days): "Renovar" is offered. */
  renewable: boolean;
  /** The first photo, small, through the app's /media/ads (which lets the owner see an ad that is not public). */
  cover: string | null;
  /** The ad's public page while it is published ("Ver mi anuncio"). */
  publicPath: string | null;
  updatedAt: string;
}

/** The editor of one ad (/mi-cuenta/anuncios/{id}): the ad, its saved photos and the paid plans' prices. */
export interface OwnAdEditor {
  ad: OwnAd;
  photos: { id: number; url: string }[];
  prices: { premium: number; vip: number };
}

/** One photo of the advertiser's own ad, through the app's /media/ads, which checks access (the ad may not be public). */
export interface OwnPhoto {
  id: number;
  position: number;
  width: number;
  height: number;
  url: string;
  urlLarge: string;
}

/** POST /api/advertiser/ads: the draft saved. */
export interface DraftCreated {
  id: number;
  state: 'draft';
}

/** POST /api/advertiser/ads/:id/submit: the ad waits for review. */
export interface AdSubmitted {
  success: true;
  state: 'pending';
}

/** The photos of an ad (GET /api/advertiser/ads/:id/photos, and after reordering), with how many the plan allows. */
export interface OwnPhotosView {
  limit: number;
  photos: OwnPhoto[];
}

import type { QueryBuilder } from 'objection';
import { BaseModel } from '#db/models/base-model.ts';
import type { Advertiser } from '#db/models/advertiser.ts';
import type { Payment } from '#db/models/payment.ts';
import type { AdState, Category, Plan } from '#shared/catalogue.ts';
import type { RateDuration, RatePlace } from '#shared/rates.ts';

/**
 * An ad and its life (draft → pending → published, paused, held by a report, expired, rejected, removed). Search
 * reads ads through Knex's builder (db/queries/search-ads.ts), since its SQL is the point; this model serves the
 * advertiser's own ads, moderation and plans.
 */
export class Ad extends BaseModel {
  static override tableName = 'ads';
  static override timestampColumns = [
    'planExpiresAt',
    'publishedAt',
    'expiresAt',
    'submittedAt',
    'heldAt',
    'pausedAt',
    'createdAt',
    'updatedAt',
    'photosVerifiedAt',
  ];
  static override booleanColumns = ['is24h', 'openSchedule', 'photosVerified'];

  declare id: number;
  declare advertiserId: number;
  declare slug: string;
  declare title: string;
  declare description: string;
  declare category: Category;
  /** 'caba' for every ad so far; search derives the zone from the barrio. */
  declare zona: string;
  declare barrio: string | null;
  /** E.164 (docs/decisions/014-phone-numbers.md). */
  declare phone: string | null;
  /** The lowest 1-hour rate (ad_rates), kept with the rates for search: docs/decisions/031-rates.md. */
  declare pricePerHour: number | null;
  /** Bit masks over the catalogue's lists (shared/masks.ts, shared/availability.ts). */
  declare daysMask: number;
  declare slotsMask: number;
  declare is24h: boolean;
  declare openSchedule: boolean;
  declare languagesMask: number;
  declare servicesMask: number;
  declare attentionMask: number;
  /** Every photo verified by staff ("Fotos reales"); only db/queries/photos-verified.ts writes it, with the date. */
  declare photosVerified: boolean;
  /** Since when photosVerified is true; null while it is false. */
  declare photosVerifiedAt: Date | null;
  declare state: AdState;
  declare stateReason: string | null;
  declare plan: Plan;
  declare requestedPlan: Plan;
  declare planExpiresAt: Date | null;
  declare publishedAt: Date | null;
  declare expiresAt: Date | null;
  declare submittedAt: Date | null;
  declare heldAt: Date | null;
  /** When a paused ad was paused: its paid plan's time stands still meanwhile (decision 068). */
  declare pausedAt: Date | null;
  /** JSON text of the screening's flags, read by moderation. */
  declare reviewFlags: string | null;
  /** The sum of the review flags' weights (shared/review-flags.ts); the review queue reads the heaviest first. */
  declare reviewScore: number | null;
  declare viewCount: number;
  declare phoneReveals: number;
  declare searchRank: number;
  declare searchText: string;
  declare createdAt: Date;
  declare updatedAt: Date;

  static override modifiers = {
    titleOnly: (query: QueryBuilder<Ad>) => query.select('id', 'title'),
    titleAndState: (query: QueryBuilder<Ad>) => query.select('id', 'title', 'state'),
  };

  declare advertiser?: Advertiser;
  declare photos?: AdPhoto[];
  declare rates?: AdRate[];
  declare payments?: Payment[];
}

/** One photo of an ad: its random file key (files under uploads/ads/{key}-{width}.webp) and its place in the gallery. */
export class AdPhoto extends BaseModel {
  static override tableName = 'ad_images';
  static override timestampColumns = ['verifiedAt'];

  declare id: number;
  declare adId: number;
  declare position: number;
  declare fileKey: string;
  declare width: number;
  declare height: number;
  declare alt: string;
  /** When staff compared it with a verification selfie and confirmed it; null for a photo never checked or refused. */
  declare verifiedAt: Date | null;
  declare verifiedBy: number | null;

  declare ad?: Ad;

  static override modifiers = {
    inGalleryOrder: (query: QueryBuilder<AdPhoto>) => query.orderBy('position').orderBy('id'),
  };
}

/** One amount of an ad's rates table: whole pesos for a place and a duration (shared/rates.ts). */
export class AdRate extends BaseModel {
  static override tableName = 'ad_rates';

  declare id: number;
  declare adId: number;
  declare place: RatePlace;
  declare duration: RateDuration;
  declare amount: number;
}

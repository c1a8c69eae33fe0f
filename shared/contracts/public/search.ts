// What visitors see of ads in lists (the wire contract of docs/decisions/051-core.md): search results, their
// promotional banner, the landing pages and the home's featured strip. Public fields only; instants are ISO strings.
import type { Category, Plan } from '#shared/catalogue.ts';

/** An ad's cover photo: the stored key the photo addresses are made from, and its shape. */
export interface AdPhotoView {
  key: string;
  width: number;
  height: number;
  alt: string;
}

/** One ad as a card. */
export interface AdCardView {
  id: number;
  slug: string;
  title: string;
  /** The start of the description, on one line. */
  excerpt: string;
  category: Category;
  barrio: string | null;
  /** The lowest 1-hour rate (docs/decisions/031-rates.md). */
  pricePerHour: number | null;
  /** The places' 1-hour rates differ: the card says "desde". */
  hourlyRatesDiffer: boolean;
  /** Any rate at all, 1-hour or not: without a 1-hour one the card points to the ad's table. */
  hasRates: boolean;
  /** The plan in force now: a paid plan past its end counts as gratuito. */
  plan: Plan;
  photosVerified: boolean;
  /** Since when every photo is verified (ISO): the badge says how many days ago. Null while photosVerified is false. */
  photosVerifiedAt: string | null;
  age: number | null;
  image: AdPhotoView | null;
  /** The end of "Disponible ahora" (ISO) while the advertiser has it on; null otherwise. */
  availableUntil: string | null;
}

/** One page of a search, with the VIP its promotional banner shows on that page (null when there is none). */
export interface SearchResultsView {
  total: number;
  page: number;
  pages: number;
  ads: AdCardView[];
  promo: AdCardView | null;
  /** The rotation window of this page's order (decision 064): its links to other pages name it (`turno`). */
  rotationWindow: number;
}

/** A part of the home's featured strip (docs/decisions/025-featured-strip.md). */
export interface FeaturedPartView {
  ads: AdCardView[];
  /** The place in the day's turn where the next part starts; null after the last part. */
  next: number | null;
  /** The day of the turn (days since the epoch in Buenos Aires), which the next parts keep. */
  day: number;
}

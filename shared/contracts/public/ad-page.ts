// What visitors see of one ad (the wire contract of docs/decisions/051-core.md): its page, its phone on request, the
// short form that other public pages name it by, and which of a visitor's favourites are still public. Public fields
// only (never the advertiser's identity, never the phone in the page); instants are ISO strings.
import type { AttentionType, Category, DayGroup, Language, Plan, ServiceType, TimeSlot } from '#shared/catalogue.ts';
import type { Rates } from '#shared/rates.ts';
import type { AdCardView, AdPhotoView } from './search.ts';

/** The address of an ad no longer published: its status, and published ads like it (none of the ad itself). */
export interface EndedAdView {
  /** 404 while it may come back (paused, expired, held, in review), 410 once deleted or removed by staff. */
  status: 404 | 410;
  category: Category | null;
  /** The zone (or barrio) of the similar ads: the ended ad's zone. */
  zone: string | null;
  similar: AdCardView[];
  /** The search those ads come from. */
  searchPath: string;
}

/** A published ad's page. */
export interface PublicAdView {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: Category;
  barrio: string | null;
  /** The lowest 1-hour rate; the whole table is `rates`. */
  pricePerHour: number | null;
  rates: Rates;
  plan: Plan;
  photosVerified: boolean;
  /** Since when every photo is verified (ISO); null while photosVerified is false. */
  photosVerifiedAt: string | null;
  age: number | null;
  days: DayGroup[];
  slots: TimeSlot[];
  is24h: boolean;
  openSchedule: boolean;
  languages: Language[];
  services: ServiceType[];
  attention: AttentionType[];
  /** Whether "Ver teléfono" has a number to show (the number itself is asked for separately). */
  hasPhone: boolean;
  images: AdPhotoView[];
  /** The end of "Disponible ahora" (ISO) while the advertiser has it on; null otherwise. */
  availableUntil: string | null;
}

/** A published ad named by another page (the report form, the ad and phone checks). */
export interface AdSummaryView {
  id: number;
  slug: string;
  title: string;
}

/** POST /api/ads/:id/phone: the number in the local form, with call and WhatsApp links. */
export interface AdPhoneView {
  phone: string;
  tel: string;
  whatsapp: string;
}

/** GET /api/ads/availability: which of the asked ids are public ads now, and nothing else. */
export interface PublicAdIdsView {
  public: number[];
}

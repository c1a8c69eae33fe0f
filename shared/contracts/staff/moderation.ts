// Anuncios in the panel: the ads of a state with what screening found (the reasons and the photos or phone number
// shared with other accounts' ads), their contact phone, weekly schedule, the advertiser's age, rates, photos and
// open reports; staff approve, reject or remove them.
import type { WeeklySchedule } from '#shared/availability.ts';
import type { ServiceType } from '#shared/catalogue.ts';
import type { Rates } from '#shared/rates.ts';
import type { ReviewFlagKind } from '#shared/review-flags.ts';

export type ModerationState = 'pending' | 'held' | 'published' | 'rejected' | 'removed';

/** A reason screening held the ad for: the indicator or word-list term and what matched. */
export interface ModerationFlag {
  kind: ReviewFlagKind;
  match: string;
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
  /** The photo is the other one flipped left to right (decision 067). */
  mirrored: boolean;
  /** Null when the other ad was deleted since. */
  otherAd: { id: number; slug: string; title: string; state: string; advertiserName: string } | null;
}

export interface ModerationItem {
  id: number;
  title: string;
  category: string;
  barrio: string | null;
  description: string;
  state: string;
  stateReason: string | null;
  /** The contact phone in the local form people read and dial ('011 15-5555-0123'); null when the ad gives none. */
  phone: string | null;
  /** The weekly schedule the advertiser ticked, as the ad page shows it. */
  schedule: WeeklySchedule;
  /**
   * The advertiser's age in years: from the birth date their verification confirmed, or, until one is approved,
   * from the one stated in their latest request (`confirmed` false); null when they never stated one.
   */
  age: { years: number; confirmed: boolean } | null;
  /** The rates table as the ad page shows it, and the services that name its rows. */
  rates: Rates;
  services: ServiceType[];
  flags: ModerationFlag[];
  /** The sum of the flags' weights: the queue of pending ads shows the heaviest first. */
  score: number;
  matches: DuplicateMatch[];
  advertiserName: string;
  advertiserVerification: string;
  photos: string[];
  /** Reports still open about this ad: staff see them with the ad, and approval waits for those that hide it. */
  openReports: { id: number; label: string; hides: boolean; createdAt: string }[];
  submittedAt: string | null;
}

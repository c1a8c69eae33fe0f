// The reasons an ad is held for review, as stored with it (ads.review_flags, JSON) and shown to staff: the word
// list's hard terms (shared/screening.ts), the indicators (shared/risk-indicators.ts) and the matches with other
// accounts' ads (db/queries/duplicates.ts); their weights and the ad's score, which orders the review queue.
// Free of server code and of the phone library: the panel imports it.
import type { RedFlag } from './screening.ts';
import type { IndicatorFlag, IndicatorKind } from './risk-indicators.ts';

/** The same photo (perceptual hash) in an ad of another account: `match` names this ad's photo. */
export interface DuplicatePhotoFlag {
  kind: 'foto_duplicada';
  match: string;
  /** This ad's photo (ad_images.id) and the other ad's. */
  photoId: number;
  otherPhotoId: number;
  otherAdId: number;
  otherAdvertiserId: number;
  /** Bits that differ between the two hashes (0: the same picture). */
  distance: number;
  /** This photo is the other one flipped left to right (compared by its mirror image's hash, decision 067). */
  mirrored?: true;
}
/** The ad's phone number (E.164, in `match`) in an ad of another account. */
export interface DuplicatePhoneFlag {
  kind: 'telefono_duplicado';
  match: string;
  otherAdId: number;
  otherAdvertiserId: number;
}
export type DuplicateFlag = DuplicatePhotoFlag | DuplicatePhoneFlag;

/**
 * What review flags an ad, stored as JSON on it (ads.review_flags). Flags stored before the indicators existed are
 * RedFlags ({ kind, match }) and read the same.
 */
export type ReviewFlag = RedFlag | IndicatorFlag | DuplicateFlag;
export type ReviewFlagKind = ReviewFlag['kind'];
export type { IndicatorFlag, IndicatorKind };

/** How much each kind adds to an ad's score, ordering the review queue. Indicators carry their own weight. */
export const FLAG_WEIGHTS: Record<RedFlag['kind'] | DuplicateFlag['kind'], number> = {
  // The hard terms of the word list: held and read first, as before.
  posible_menor: 5,
  posible_coercion: 5,
  foto_duplicada: 4,
  telefono_duplicado: 3,
};

/** A flag's weight; several photos matching weigh as one. */
export function flagWeight(flag: ReviewFlag): number {
  return 'weight' in flag && typeof flag.weight === 'number' ? flag.weight : (FLAG_WEIGHTS[flag.kind as keyof typeof FLAG_WEIGHTS] ?? 0);
}

/** The ad's score: the sum of its reasons' weights, each kind counted once (its heaviest). */
export function reviewScore(flags: ReviewFlag[]): number {
  const byKind = new Map<string, number>();
  for (const flag of flags) byKind.set(flag.kind, Math.max(byKind.get(flag.kind) ?? 0, flagWeight(flag)));
  return [...byKind.values()].reduce((a, b) => a + b, 0);
}

export const REVIEW_FLAG_LABELS: Record<ReviewFlagKind, string> = {
  posible_menor: 'Posible menor de edad',
  posible_coercion: 'Posible trata o explotación',
  telefono_oculto: 'Teléfono oculto',
  lenguaje_juvenil: 'Lenguaje de juventud',
  confianza: 'Insiste en ser de confianza',
  etnia: 'Énfasis en la etnia',
  foto_duplicada: 'Foto usada por otra cuenta',
  telefono_duplicado: 'Teléfono usado por otra cuenta',
};

/** The flag's label, or the kind itself for one this version does not know. */
export const flagLabel = (flag: { kind: string }) => REVIEW_FLAG_LABELS[flag.kind as ReviewFlagKind] ?? flag.kind;

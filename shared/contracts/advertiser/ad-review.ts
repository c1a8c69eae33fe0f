// A held ad's review as its owner sees it (/mi-cuenta/anuncios/{id}/revision and GET /api/advertiser/ads/:id/review):
// that a report is under review and the kind of concern, never who reported it nor what they wrote (decision 044).
// Built by core/own-ads/ad-review.ts.
import type { AdState } from '#shared/catalogue.ts';

export interface AdReview {
  ad: { id: number; title: string; state: AdState };
  /** Whether a report of a hiding reason is open on the ad (then it can be answered). */
  open: boolean;
  /** The kinds of concern of the open reports, in neutral words. */
  concerns: string[];
  /** When the oldest open report was made. */
  since: string | null;
  /** What the advertiser already answered, oldest first. */
  answers: { body: string; createdAt: string }[];
  answersLeft: number;
}

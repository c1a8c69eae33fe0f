// Denuncias and Mensajes in the panel: the reports of a status with the ad as it was reported, the advertiser's
// answers and how long each has waited; the package preserved for the authorities (a JSON file); and the contact
// form's messages.
import type { ContactTopic } from '#shared/contact-topics.ts';
import type { ReportReason } from '#shared/report-reasons.ts';

export type ReportStatus = 'open' | 'resolved' | 'dismissed';

export interface ReportItem {
  id: number;
  adId: number | null;
  adTitle: string | null;
  adState: string | null;
  adReference: string | null;
  /** The ad as it was when reported, with its photos' addresses (kept for staff even if the ad is gone). */
  snapshot: { adId: number; title: string; advertiserId: number; advertiserName: string; photos: string[] } | null;
  reason: ReportReason;
  details: string | null;
  contactEmail: string | null;
  status: ReportStatus;
  /** Why a report of a hiding reason left the ad visible, if it did. */
  holdWithheld: 'day_limit' | 'dismissed_source' | null;
  createdAt: string;
  /** How long it had waited when listed (the panel shows it as "hace 3 h"). */
  waitingMs: number;
  /** An open report of a hiding reason that has waited more than 24 hours. */
  overdue: boolean;
  escalatedAt: string | null;
  /** When it was preserved for the authorities (null: not preserved, or released). */
  preservedAt: string | null;
  /** What the ad's advertiser answered, oldest first. */
  answers: { body: string; createdAt: string }[];
}

/** The advertiser as preserved: their identity only for staff who may read identities. */
export interface PreservedAdvertiser {
  id: number;
  verificationStatus: string;
  createdAt: string;
  fullName?: string;
  email?: string;
  dni?: string | null;
  birthDate?: string | null;
}

/** What staff hand to the authorities: the report, the copies, the photos' addresses, the answers and the times. */
export interface PreservedPackage {
  report: {
    id: number;
    reason: ReportReason;
    reasonLabel: string;
    details: string | null;
    contactEmail: string | null;
    status: string;
    hidAd: boolean;
    createdAt: string;
    escalatedAt: string | null;
    decidedAt: string | null;
  };
  preservedAt: string;
  preservedBy: string | null;
  /** The ad as the report found it (title, category, state, advertiser), and its photos then. */
  snapshotAtReport: Record<string, unknown> | null;
  photosAtReport: string[];
  /** The whole ad row when preserved (decision 044), and the advertiser's data then. */
  adAtPreservation: Record<string, unknown> | null;
  advertiserAtPreservation: PreservedAdvertiser | null;
  /** True when the advertiser's identity was left out: the staff member who downloaded it may not see identities. */
  identityWithheld: boolean;
  photosAtPreservation: string[];
  answers: { body: string; createdAt: string }[];
  generatedAt: string;
}

export type ContactMessageStatus = 'open' | 'answered';

export interface ContactMessageItem {
  id: number;
  name: string | null;
  email: string;
  topic: ContactTopic;
  message: string;
  status: ContactMessageStatus;
  createdAt: string;
}

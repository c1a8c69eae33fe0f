// The advertiser's verifications as they see them: their identity (/mi-cuenta, GET /api/advertiser/verification) and
// "Fotos reales" of one ad (/mi-cuenta/anuncios/{id}/verificar-fotos, /api/advertiser/ads/:id/photo-verification,
// docs/decisions/033-photo-verification.md). Built by core/verification/.
import type { AdState } from '#shared/catalogue.ts';
import type { Done } from '#shared/contracts/answers.ts';
import type { VerificationStatus } from '#shared/contracts/staff/verification.ts';

/** The latest identity verification the advertiser sent, and why it was refused. */
export interface OwnVerification {
  method: 'renaper' | 'manual';
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  /** When its documents were deleted (IDENTITY_RETENTION_DAYS after the decision); null before. */
  documentsDeletedAt: string | null;
}

export interface OwnPhotoVerification {
  ad: {
    id: number;
    title: string;
    state: AdState;
    photosVerified: boolean;
    photosVerifiedAt: string | null;
  };
  /** The ad's state allows a check (PHOTO_VERIFIABLE_STATES). */
  stateAllows: boolean;
  /** Its photos in gallery order, through the app's /media/ads (the ad may not be public). */
  photos: { id: number; url: string; verifiedAt: string | null }[];
  /** The request waiting for the selfie or for staff. */
  open: {
    id: number;
    status: 'awaiting_selfie' | 'pending';
    gesture: string;
    requestedAt: string;
    submittedAt: string | null;
  } | null;
  /** The latest decided request, each photo's result with the reason of a refusal. */
  latest: {
    id: number;
    status: 'approved' | 'rejected';
    decidedAt: string;
    /** When the selfie was deleted (IDENTITY_RETENTION_DAYS after the decision); null before. */
    selfieDeletedAt: string | null;
    checks: { photoId: number | null; url: string | null; verified: boolean; reason: string | null }[];
  } | null;
}

/** GET /api/advertiser/verification: the account's state and the latest request. */
export interface OwnVerificationStatus {
  verificationStatus: VerificationStatus;
  latest: OwnVerification | null;
}

/** POST /api/advertiser/verification: the documents are in, and staff review them. */
export interface VerificationSubmitted extends Done {
  verificationStatus: 'pending';
}

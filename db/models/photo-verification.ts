import type { QueryBuilder } from 'objection';
import { BaseModel } from '#db/models/base-model.ts';
import type { Ad, AdPhoto } from '#db/models/ad.ts';
import type { PhotoVerificationStatus } from '#shared/photo-verification.ts';

/**
 * An owner's request that staff check an ad's photos against a selfie with a gesture and the ad's code
 * (docs/decisions/033-photo-verification.md). The selfie is sealed under identity/ like identity documents.
 */
export class PhotoVerificationRequest extends BaseModel {
  static override tableName = 'photo_verification_requests';
  static override timestampColumns = ['requestedAt', 'submittedAt', 'decidedAt', 'selfiePurgedAt'];

  declare id: number;
  declare adId: number;
  declare advertiserId: number;
  /** A key of PHOTO_GESTURES (shared/photo-verification.ts), chosen by the server. */
  declare gesture: string;
  declare status: PhotoVerificationStatus;
  declare selfieKey: string | null;
  declare selfieBytes: number | null;
  declare requestedAt: Date;
  declare submittedAt: Date | null;
  declare decidedAt: Date | null;
  declare decidedBy: number | null;
  declare selfiePurgedAt: Date | null;

  declare ad?: Ad;
  declare checks?: PhotoVerificationCheck[];
}

/** Staff's decision on one photo of a decided request. */
export class PhotoVerificationCheck extends BaseModel {
  static override tableName = 'photo_verification_checks';
  static override booleanColumns = ['verified'];

  declare id: number;
  declare requestId: number;
  /** Null once the owner deleted the photo. */
  declare adImageId: number | null;
  declare position: number;
  declare verified: boolean;
  declare reason: string | null;

  declare photo?: AdPhoto;

  static override modifiers = {
    inOrder: (query: QueryBuilder<PhotoVerificationCheck>) => query.orderBy('position'),
  };
}

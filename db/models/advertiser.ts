import type { QueryBuilder } from 'objection';
import { BaseModel } from '#db/models/base-model.ts';
import type { Ad } from '#db/models/ad.ts';
import type { VerificationRequest } from '#db/models/verification-request.ts';

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** An advertiser's account: its sign-in, and the identity its verification established. */
export class Advertiser extends BaseModel {
  static override tableName = 'advertisers';
  static override timestampColumns = ['verifiedAt', 'emailConfirmedAt', 'renewalsStoppedAt', 'secondStepAt', 'createdAt', 'updatedAt'];

  declare id: number;
  declare email: string;
  declare passwordHash: string | null;
  declare fullName: string;
  declare dni: string | null;
  /** 'YYYY-MM-DD' (docs/decisions/002-timestamps-and-dates.md). */
  declare birthDate: string | null;
  declare verificationStatus: VerificationStatus;
  declare verifiedAt: Date | null;
  declare emailConfirmedAt: Date | null;
  /** When she asked for a second step after her password (decision 069); null: the password alone. */
  declare secondStepAt: Date | null;
  /** Set by a confirmed "Botón de baja": no renewal payment is created for its ads (decision 068). */
  declare renewalsStoppedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  static override modifiers = {
    /** What a session needs of the account: never its password hash. */
    signedIn: (query: QueryBuilder<Advertiser>) => query.select('id', 'email', 'full_name', 'verification_status'),
    name: (query: QueryBuilder<Advertiser>) => query.select('id', 'full_name'),
  };

  declare ads?: Ad[];
  declare verificationRequests?: VerificationRequest[];
}

/** A mailed link's token (only its hash): confirming the email or resetting the password. */
export class AdvertiserToken extends BaseModel {
  static override tableName = 'advertiser_tokens';
  static override idColumn = 'token_hash';
  static override timestampColumns = ['createdAt', 'expiresAt', 'usedAt'];

  declare tokenHash: string;
  declare advertiserId: number;
  declare purpose: 'confirm_email' | 'reset_password';
  declare createdAt: Date;
  declare expiresAt: Date;
  declare usedAt: Date | null;
}

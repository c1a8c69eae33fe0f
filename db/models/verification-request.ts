import type { QueryBuilder } from 'objection';
import { BaseModel } from '#db/models/base-model.ts';
import type { Advertiser } from '#db/models/advertiser.ts';

/** An advertiser's request to be verified: the identity declared, and staff's decision (docs/decisions/011-identity-documents.md). */
export class VerificationRequest extends BaseModel {
  static override tableName = 'verification_requests';
  static override timestampColumns = ['submittedAt', 'decidedAt', 'documentsPurgedAt'];

  declare id: number;
  declare advertiserId: number;
  declare method: 'renaper' | 'manual';
  declare fullName: string;
  /** 'YYYY-MM-DD'. */
  declare birthDate: string;
  declare dni: string | null;
  declare tramite: string | null;
  declare gender: 'M' | 'F' | 'X' | null;
  declare status: 'pending' | 'approved' | 'rejected';
  declare reason: string | null;
  declare submittedAt: Date;
  declare decidedAt: Date | null;
  declare decidedBy: number | null;
  declare documentsPurgedAt: Date | null;

  declare advertiser?: Advertiser;
  declare documents?: IdentityDocument[];
}

/** One encrypted identity document of a request (the file itself is in api/services/identity-vault.ts's store). */
export class IdentityDocument extends BaseModel {
  static override tableName = 'identity_documents';
  static override timestampColumns = ['createdAt'];

  declare id: number;
  declare requestId: number;
  declare kind: 'dni_front' | 'dni_back' | 'selfie';
  declare fileKey: string;
  declare bytes: number;
  declare createdAt: Date;

  static override modifiers = {
    idAndKind: (query: QueryBuilder<IdentityDocument>) => query.select('id', 'kind'),
  };
}

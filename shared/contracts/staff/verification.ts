// Suscriptores and identity verification: the advertisers with their verification and subscription, and the
// pending request of one (what they declared and which documents they sent; the documents themselves are images,
// decrypted by the server for each view).

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export interface SubscriberItem {
  id: number;
  fullName: string;
  email: string;
  /** Masked ('•••••678', shared/dni-mask.ts): the full number shows only in the identity check (PendingVerification). */
  dni: string | null;
  category: string | null;
  verificationStatus: VerificationStatus;
  subscriptionStatus: 'active' | 'inactive';
  /** 'vip', 'premium', or '' for the free plan. */
  subscriptionPlan: string;
}

export type IdentityDocumentKind = 'dni_front' | 'dni_back' | 'selfie';

export interface PendingVerification {
  method: 'renaper' | 'manual';
  fullName: string;
  birthDate: string;
  /** In full: staff compare it with the documents here, and only here. */
  dni: string | null;
  tramite: string | null;
  gender: 'M' | 'F' | 'X' | null;
  /** Front, back, selfie: each opened at /api/admin/identity-documents/:id. */
  documents: { id: number; kind: IdentityDocumentKind }[];
}

export interface VerificationRequestAnswer {
  request: PendingVerification | null;
}

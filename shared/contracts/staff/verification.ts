// Suscriptores and identity verification: the advertisers with their verification and subscription, and the
// pending request of one (what they declared and which documents they sent; the documents themselves are images,
// decrypted by the server for each view).

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export interface SubscriberItem {
  id: number;
  fullName: string;
  email: string;
  /** Staff see the DNI in full: it is what they compare with the documents. */
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
  dni: string | null;
  tramite: string | null;
  gender: 'M' | 'F' | 'X' | null;
  /** Front, back, selfie: each opened at /api/admin/identity-documents/:id. */
  documents: { id: number; kind: IdentityDocumentKind }[];
}

export interface VerificationRequestAnswer {
  request: PendingVerification | null;
}

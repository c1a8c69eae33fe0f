// Arrepentimientos in Pagos (decision 068): each "Botón de arrepentimiento" request, what it revoked and whether
// staff refunded it ('not_charged': the payment was still pending, so it was cancelled and nothing is owed).

export type RevocationStatus = 'pending' | 'refunded' | 'not_charged';

export interface RevocationItem {
  id: number;
  code: string;
  paymentReference: string;
  amount: number;
  description: string;
  /** Null once the account is gone. */
  advertiserName: string | null;
  advertiserEmail: string | null;
  status: RevocationStatus;
  createdAt: string;
  refundedAt: string | null;
}

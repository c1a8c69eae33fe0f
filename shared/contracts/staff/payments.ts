// Pagos and Cuentas bancarias in the panel: the payments with their state and what staff check before confirming
// one (a receipt, a price kept from before a change), and the bank accounts that receive them.

export type PaymentStatus = 'pending' | 'completed' | 'cancelled';

export interface PaymentItem {
  id: number;
  amount: number;
  description: string;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  reference: string;
  advertiserName: string;
  /** Set when the advertiser paid a price shown before a change. */
  priceNote: string | null;
  /** The transfer receipt opens at /api/admin/payments/:id/receipt. */
  hasReceipt: boolean;
  bankAccountId: number | null;
  createdAt: string;
}

export interface BankAccountItem {
  id: number;
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  cbu: string;
  alias: string | null;
  accountType: 'checking' | 'savings';
  active: boolean;
}

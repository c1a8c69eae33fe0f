import { BaseModel } from '#db/models/base-model.ts';
import type { Ad } from '#db/models/ad.ts';
import type { Advertiser } from '#db/models/advertiser.ts';
import type { Administrator } from '#db/models/administrator.ts';

/** A bank account of the business into which staff process completed payments. */
export class BankAccount extends BaseModel {
  static override tableName = 'bank_accounts';
  static override timestampColumns = ['createdAt'];
  static override booleanColumns = ['active'];

  declare id: number;
  declare bankName: string;
  declare accountHolder: string;
  declare accountNumber: string;
  declare cbu: string;
  declare alias: string | null;
  declare accountType: 'checking' | 'savings';
  declare active: boolean;
  declare createdAt: Date;
}

/** A plan purchase or renewal: pending until MercadoPago confirms it or staff accept its transfer receipt. */
export class Payment extends BaseModel {
  static override tableName = 'payments';
  static override timestampColumns = ['processedAt', 'receiptUploadedAt', 'dueAt', 'planUntil', 'createdAt'];

  declare id: number;
  declare advertiserId: number;
  declare adId: number | null;
  declare amount: number;
  declare description: string | null;
  declare paymentMethod: 'mercadopago' | 'transfer' | 'card';
  declare status: 'pending' | 'completed' | 'cancelled';
  declare reference: string;
  declare bankAccountId: number | null;
  declare notes: string | null;
  declare processedBy: number | null;
  declare processedAt: Date | null;
  declare plan: 'premium' | 'vip' | null;
  declare kind: 'purchase' | 'renewal';
  declare priceNote: string | null;
  declare receiptKey: string | null;
  declare receiptType: string | null;
  declare receiptUploadedAt: Date | null;
  declare providerPreferenceId: string | null;
  declare providerPaymentId: string | null;
  declare renewalKey: string | null;
  declare dueAt: Date | null;
  declare planUntil: Date | null;
  declare createdAt: Date;

  declare ad?: Ad | null;
  declare advertiser?: Advertiser;
  declare bankAccount?: BankAccount | null;
  declare processor?: Administrator | null;
}

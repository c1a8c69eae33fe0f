// Builders of what the staff panel works on, for tests: staff accounts, bank accounts and payments, contact
// messages, reports, safety alerts, identity verification requests and "Fotos reales" requests.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { insertedId } from '#db/dialect.ts';
import type { Admin, AdminPermission } from '#shared/admin-permissions.ts';
import type { ReportReason } from '#shared/report-reasons.ts';
import type { SafetyAlertKind, SafetyAlertStatus } from '#shared/safety-alerts.ts';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${++sequence}`;
const insert = async (db: Knex, table: string, row: Record<string, unknown>) =>
  insertedId((await db(table).insert(row).returning('id'))[0]);
/** A unique 32-character file key, as the stores make them. */
export const newFileKey = () => crypto.randomBytes(16).toString('hex');

export interface AdministratorInput {
  username?: string;
  fullName?: string;
  permissions?: AdminPermission[];
  isMaster?: boolean;
  active?: boolean;
  /** Stored as given: tests that never sign in need no real hash. */
  passwordHash?: string;
}

/** A staff account; returns it as the session guard gives it to routes. */
export async function insertAdministrator(db: Knex, input: AdministratorInput = {}): Promise<Admin> {
  const username = input.username ?? `socio_${next()}`;
  const fullName = input.fullName ?? 'Socio de Prueba';
  const isMaster = input.isMaster ?? false;
  const permissions = isMaster ? [] : (input.permissions ?? []);
  const id = await insert(db, 'admin_users', {
    username,
    full_name: fullName,
    password_hash: input.passwordHash ?? '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    is_master: isMaster,
    permissions: JSON.stringify(permissions),
    active: input.active ?? true,
    created_at: new Date(),
  });
  return { id, username, fullName, isMaster, permissions };
}

export interface BankAccountInput {
  bankName?: string;
  cbu?: string;
  alias?: string | null;
  accountType?: 'checking' | 'savings';
  active?: boolean;
}

export async function insertBankAccount(db: Knex, input: BankAccountInput = {}): Promise<number> {
  return insert(db, 'bank_accounts', {
    bank_name: input.bankName ?? 'Banco de Prueba',
    account_holder: 'Velada SRL',
    account_number: '0001',
    // Unique per row; tests that check CBU digits give a valid one (shared/cbu.ts cbuFrom).
    cbu:
      input.cbu ??
      String(Date.now() * 1000 + (++sequence % 1000))
        .padStart(22, '0')
        .slice(-22),
    alias: input.alias === undefined ? null : input.alias,
    account_type: input.accountType ?? 'checking',
    active: input.active ?? false,
    created_at: new Date(),
  });
}

export interface PaymentInput {
  amount?: number;
  status?: 'pending' | 'completed' | 'cancelled';
  adId?: number | null;
  plan?: string | null;
  receiptKey?: string | null;
  /** The receipt's media type, when it has one (image/webp, as uploads are stored, by default). */
  receiptType?: string;
  createdAt?: Date;
}

export async function insertPayment(db: Knex, advertiserId: number, input: PaymentInput = {}): Promise<{ id: number; reference: string }> {
  const reference = `VEL-${next()}`.slice(0, 32).toUpperCase();
  const id = await insert(db, 'payments', {
    advertiser_id: advertiserId,
    ad_id: input.adId ?? null,
    amount: input.amount ?? 25000,
    description: 'Plan VIP',
    payment_method: 'transfer',
    status: input.status ?? 'pending',
    reference,
    ...(input.plan === undefined ? {} : { plan: input.plan }),
    ...(input.receiptKey
      ? { receipt_key: input.receiptKey, receipt_type: input.receiptType ?? 'image/webp', receipt_uploaded_at: new Date() }
      : {}),
    created_at: input.createdAt ?? new Date(),
  });
  return { id, reference };
}

export async function insertContactMessage(
  db: Knex,
  input: { email?: string; message?: string; status?: 'open' | 'answered' } = {},
): Promise<number> {
  return insert(db, 'contact_messages', {
    name: 'Visitante',
    email: input.email ?? `visitante${next()}@example.com`,
    topic: 'consulta',
    message: input.message ?? 'Una consulta de prueba.',
    status: input.status ?? 'open',
    created_at: new Date(),
  });
}

export interface ReportInput {
  adId?: number | null;
  reason?: ReportReason;
  status?: 'open' | 'resolved' | 'dismissed';
  details?: string | null;
  createdAt?: Date;
}

/** A report as stored (without the snapshot and hold that db/queries/reports.ts createReport makes). */
export async function insertReport(db: Knex, input: ReportInput = {}): Promise<number> {
  return insert(db, 'reports', {
    ad_id: input.adId ?? null,
    reason: input.reason ?? 'estafa',
    details: input.details ?? null,
    status: input.status ?? 'open',
    hid_ad: false,
    created_at: input.createdAt ?? new Date(),
  });
}

export async function insertSafetyAlert(
  db: Knex,
  reporterId: number,
  input: { phoneHash?: string; kind?: SafetyAlertKind; status?: SafetyAlertStatus; description?: string } = {},
): Promise<number> {
  return insert(db, 'safety_alerts', {
    phone_hash: input.phoneHash ?? crypto.randomBytes(32).toString('hex'),
    reporter_id: reporterId,
    kind: input.kind ?? 'robo',
    description: input.description ?? 'Se fue sin pagar y se llevó un celular.',
    status: input.status ?? 'pending',
    created_at: new Date(),
  });
}

export interface VerificationRequestInput {
  fullName?: string;
  birthDate?: string;
  dni?: string | null;
  method?: 'renaper' | 'manual';
  documents?: ('dni_front' | 'dni_back' | 'selfie')[];
}

/** A pending identity verification with its documents' rows (the files themselves are the test's to store). */
export async function insertVerificationRequest(
  db: Knex,
  advertiserId: number,
  input: VerificationRequestInput = {},
): Promise<{ requestId: number; documents: { id: number; kind: string; fileKey: string }[] }> {
  const now = new Date();
  const requestId = await insert(db, 'verification_requests', {
    advertiser_id: advertiserId,
    method: input.method ?? 'manual',
    full_name: input.fullName ?? 'Persona Verificada Real',
    birth_date: input.birthDate ?? '1990-04-02',
    dni: input.dni ?? null,
    status: 'pending',
    submitted_at: now,
  });
  const documents = [];
  for (const kind of input.documents ?? ['dni_front', 'dni_back', 'selfie']) {
    const key = newFileKey();
    documents.push({
      id: await insert(db, 'identity_documents', { request_id: requestId, kind, file_key: key, bytes: 100, created_at: now }),
      kind,
      fileKey: key,
    });
  }
  return { requestId, documents };
}

/** An ad's photos as rows (no files), in gallery order; returns their ids. */
export async function insertAdPhotoRows(db: Knex, adId: number, count: number): Promise<number[]> {
  const ids = [];
  for (let position = 0; position < count; position++)
    ids.push(await insert(db, 'ad_images', { ad_id: adId, position, file_key: newFileKey(), width: 64, height: 64 }));
  return ids;
}

/** A "Fotos reales" request whose selfie is in (pending), or still awaiting it. */
export async function insertPhotoVerificationRequest(
  db: Knex,
  ad: { id: number; advertiserId: number },
  input: { status?: 'awaiting_selfie' | 'pending'; selfieKey?: string | null } = {},
): Promise<number> {
  const now = new Date();
  const status = input.status ?? 'pending';
  const selfieKey = input.selfieKey === undefined ? (status === 'pending' ? newFileKey() : null) : input.selfieKey;
  return insert(db, 'photo_verification_requests', {
    ad_id: ad.id,
    advertiser_id: ad.advertiserId,
    gesture: 'pulgar-arriba',
    status,
    selfie_key: selfieKey,
    selfie_bytes: selfieKey ? 100 : null,
    requested_at: now,
    submitted_at: status === 'pending' ? now : null,
  });
}

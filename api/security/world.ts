// A small world for the security tests, seeded fresh wherever a test may use it up (a deleted ad, a decided
// report): an owner advertiser with ads, a photo and a payment, a stranger advertiser, an advertiser waiting for
// verification, a report, a message, a bank account, a throwaway admin and an alert, and a session for each role.
import type { Knex } from 'knex';
import { adRow, insertAdvertiser, type AdInput } from '#tooling/factories/index.ts';
import { seedPasskeys } from './world-passkeys.ts';
import { insertedId } from '#db/dialect.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { copyAdImage } from '#api/services/image-store.ts';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import { issueQuote } from '#core/payments/price-quotes.ts';
import { staffSessions, advertiserSessions } from '#core/sessions/sessions.ts';

export interface World {
  owner: { id: number; email: string; cookie: string };
  stranger: { id: number; cookie: string };
  /** A super admin's session, and one of a partner without any permission. */
  superAdmin: { id: number; cookie: string };
  staffWithout: { id: number; cookie: string };
  /** The owner's ads: a draft (editable), a published one (with a photo and a pending payment), and a paused one. */
  draftAdId: number;
  publishedAdId: number;
  pausedAdId: number;
  /** A title only the owner's ads carry, to tell that an answer leaks them. */
  ownerTitle: string;
  photoId: number;
  paymentId: number;
  paymentReference: string;
  revocationId: number;
  /** A signed price quote for Premium, as the plan page hands out. */
  quote: string;
  pendingAdvertiserId: number;
  pendingAdId: number;
  reportId: number;
  messageId: number;
  bankAccountId: number;
  throwawayAdminId: number;
  alertId: number;
  documentId: number;
  /** A photo verification of the owner's draft (its one photo), with its sealed selfie, waiting for staff. */
  photoVerificationId: number;
  /** A report of a possible minor on the owner's published ad, open and preserved for the authorities (decision 044). */
  preservedReportId: number;
  /** Safety alerts (decision 040) filed by the owner: one waiting for staff, one approved. */
  pendingSafetyAlertId: number;
  approvedSafetyAlertId: number;
  /** A passkey of the owner's, and one of the super admin's, who has another (decision 069). */
  ownerPasskeyId: number;
  superPasskeyId: number;
}

/** The owner's password (delete-account asks for it). */
export const OWNER_PASSWORD = 'clave-de-la-duena-1';

/** What a world needs from outside the database, made once per test file. */
export interface WorldAssets {
  /** A stored ad photo (storeAdImage), copied for the owner's draft. */
  photoKey: string;
  /** Stores an identity document for the waiting advertiser's request; its key. */
  newDocument: () => Promise<string>;
  /** Stores a transfer receipt for the owner's payment; its key. */
  newReceipt: () => Promise<string>;
  /** hashPassword(OWNER_PASSWORD), hashed once. */
  ownerPasswordHash: string;
}

let worlds = 0;

/** An ad row as the factories make it, without refreshing search ranks (no test here searches). */
const insertAd = (db: Knex, advertiserId: number, input: AdInput) => insertId(db, 'ads', adRow(advertiserId, input));

async function insertId(db: Knex, table: string, row: Record<string, unknown>): Promise<number> {
  const [r] = await db(table).insert(row).returning('id');
  return insertedId(r);
}

async function addAdmin(db: Knex, username: string, isMaster: boolean): Promise<number> {
  return insertId(db, 'admin_users', {
    username,
    full_name: `Equipo ${username}`,
    // Sessions are made directly: nobody signs in with this hash.
    password_hash: 'unused',
    is_master: isMaster,
    permissions: '[]',
    active: true,
    created_at: new Date(),
  });
}

/** A fresh world. */
export async function seedWorld(db: Knex, store: ObjectStore, assets: WorldAssets): Promise<World> {
  const photoFile = await copyAdImage(store, assets.photoKey);
  const documentKey = await assets.newDocument();
  const selfieKey = await assets.newDocument();
  const receiptKey = await assets.newReceipt();
  // One transaction: one commit instead of one per row.
  return db.transaction((trx) => seed(trx, { ...assets, photoFile, documentKey, selfieKey, receiptKey }));
}

type Files = WorldAssets & { photoFile: string; documentKey: string; selfieKey: string; receiptKey: string };

/** The owner (signed up and confirmed), a stranger, the owner's three ads and the draft's photo. */
async function seedAdvertisers(db: Knex, files: Files, n: number, now: Date) {
  const ownerTitle = `Aviso privado de la dueña ${n}`;
  const email = `duena${n}@example.com`;
  const ownerId = await insertAdvertiser(db, { email, fullName: `Dueña Número ${n}` });
  await db('advertisers').where('id', ownerId).update({ password_hash: files.ownerPasswordHash, email_confirmed_at: now });
  const strangerId = await insertAdvertiser(db, { email: `extrana${n}@example.com`, fullName: 'Extraña de Prueba' });
  const draftAdId = await insertAd(db, ownerId, { title: `${ownerTitle} (borrador)`, state: 'draft' });
  const publishedAdId = await insertAd(db, ownerId, { title: ownerTitle });
  const pausedAdId = await insertAd(db, ownerId, { title: `${ownerTitle} (pausado)`, state: 'paused' });
  const photoId = await insertId(db, 'ad_images', {
    ad_id: draftAdId,
    position: 0,
    file_key: files.photoFile,
    width: 64,
    height: 64,
    alt: ownerTitle,
  });
  return { ownerTitle, email, ownerId, strangerId, draftAdId, publishedAdId, pausedAdId, photoId };
}

/** A bank account, and the owner's payment waiting with its receipt. */
async function seedPayment(db: Knex, files: Files, n: number, now: Date, { ownerId, publishedAdId, ownerTitle }: Advertisers) {
  const bankAccountId = await insertId(db, 'bank_accounts', {
    bank_name: 'Banco de Prueba',
    account_holder: 'Velada SRL',
    account_number: String(1000 + n),
    cbu: cbuFrom('0110599', String(2000000000000 + n)),
    alias: `velada.prueba${n}`,
    account_type: 'checking',
    active: true,
    created_at: now,
  });
  const paymentId = await insertId(db, 'payments', {
    advertiser_id: ownerId,
    ad_id: publishedAdId,
    amount: 25000,
    description: `Plan VIP para ${ownerTitle}`,
    payment_method: 'transfer',
    status: 'pending',
    plan: 'vip',
    reference: `VEL-SEC-${n}`,
    receipt_key: files.receiptKey,
    receipt_type: 'image/jpeg',
    receipt_uploaded_at: now,
    created_at: now,
  });
  // A "Botón de arrepentimiento" request waiting for its refund (decision 068).
  const revocationId = await insertId(db, 'revocation_requests', {
    code: `ARR-SEC${n}`,
    advertiser_id: ownerId,
    payment_reference: `VEL-SECR-${n}`,
    amount: 25000,
    description: 'Plan VIP',
    was_paid: true,
    status: 'pending',
    created_at: now,
  });
  return { bankAccountId, paymentId, revocationId };
}

/** An advertiser waiting for identity verification (with a document), and a photo verification of the owner's draft. */
async function seedVerifications(db: Knex, files: Files, n: number, now: Date, { ownerId, draftAdId }: Advertisers) {
  const pendingAdvertiserId = await insertAdvertiser(db, { email: `espera${n}@example.com`, verificationStatus: 'pending' });
  const requestId = await insertId(db, 'verification_requests', {
    advertiser_id: pendingAdvertiserId,
    method: 'manual',
    full_name: 'Persona en Espera',
    birth_date: '1990-04-02',
    status: 'pending',
    submitted_at: now,
  });
  const documentId = await insertId(db, 'identity_documents', {
    request_id: requestId,
    kind: 'selfie',
    file_key: files.documentKey,
    bytes: 100,
    created_at: now,
  });
  const photoVerificationId = await insertId(db, 'photo_verification_requests', {
    ad_id: draftAdId,
    advertiser_id: ownerId,
    gesture: 'pulgar-arriba',
    status: 'pending',
    selfie_key: files.selfieKey,
    selfie_bytes: 100,
    requested_at: now,
    submitted_at: now,
  });
  return { pendingAdvertiserId, documentId, photoVerificationId };
}

/** What staff moderate: an ad waiting, reports, a message, safety alerts; and the owner's check-in timer. */
async function seedModeration(db: Knex, n: number, now: Date, { ownerId, strangerId, publishedAdId }: Advertisers) {
  const pendingAdId = await insertAd(db, strangerId, { title: 'Aviso esperando revisión', state: 'pending' });
  const reportId = await insertId(db, 'reports', {
    ad_id: publishedAdId,
    reason: 'estafa',
    status: 'open',
    hid_ad: false,
    created_at: now,
  });
  const messageId = await insertId(db, 'contact_messages', {
    email: `consulta${n}@example.com`,
    topic: 'consulta',
    message: 'Una consulta de prueba.',
    status: 'open',
    created_at: now,
  });
  const preservedReportId = await insertId(db, 'reports', {
    ad_id: publishedAdId,
    reason: 'posible_menor',
    status: 'open',
    hid_ad: false,
    created_at: now,
    preserved_at: now,
  });
  const safetyAlert = (status: string, number: string) =>
    insertId(db, 'safety_alerts', {
      phone_hash: `${number}${n}`.padEnd(64, '0'),
      reporter_id: ownerId,
      kind: 'estafa',
      description: 'Pidió una seña y no vino.',
      status,
      created_at: now,
    });
  const pendingSafetyAlertId = await safetyAlert('pending', 'a');
  const approvedSafetyAlertId = await safetyAlert('approved', 'b');
  // The owner's check-in timer, running: checking in, extending and cancelling have one to act on (decision 041).
  await db('check_ins').insert({
    advertiser_id: ownerId,
    contact_email: `amiga${n}@example.com`,
    shown_name: 'Dueña',
    message: 'Voy a estar en Palermo hasta las diez.',
    started_at: now,
    due_at: new Date(now.getTime() + 60 * 60_000),
  });
  return { pendingAdId, reportId, messageId, preservedReportId, pendingSafetyAlertId, approvedSafetyAlertId };
}

/** A super admin, a partner without permissions, a throwaway partner, and an alert for them. */
async function seedStaff(db: Knex, n: number, now: Date, { publishedAdId }: Advertisers) {
  const superAdminId = await addAdmin(db, `super_${n}`, true);
  const staffWithoutId = await addAdmin(db, `sin_permisos_${n}`, false);
  const throwawayAdminId = await addAdmin(db, `descartable_${n}`, false);
  const alertId = await insertId(db, 'staff_alerts', {
    kind: 'hiding_report',
    permission: null,
    message: 'Un aviso quedó oculto por una denuncia.',
    ad_id: publishedAdId,
    created_at: now,
  });
  return { superAdminId, staffWithoutId, throwawayAdminId, alertId };
}

type Advertisers = Awaited<ReturnType<typeof seedAdvertisers>>;

async function seed(db: Knex, files: Files): Promise<World> {
  worlds += 1;
  const n = worlds;
  const now = new Date();
  const advertisers = await seedAdvertisers(db, files, n, now);
  const { ownerId, strangerId, email } = advertisers;
  const { bankAccountId, paymentId, revocationId } = await seedPayment(db, files, n, now, advertisers);
  const verifications = await seedVerifications(db, files, n, now, advertisers);
  const moderation = await seedModeration(db, n, now, advertisers);
  const { superAdminId, staffWithoutId, throwawayAdminId, alertId } = await seedStaff(db, n, now, advertisers);
  const passkeys = await seedPasskeys(db, { ownerId, superAdminId }, now);
  return {
    owner: { id: ownerId, email, cookie: await advertiserSessions.create(db, ownerId) },
    stranger: { id: strangerId, cookie: await advertiserSessions.create(db, strangerId) },
    superAdmin: { id: superAdminId, cookie: await staffSessions.create(db, superAdminId) },
    staffWithout: { id: staffWithoutId, cookie: await staffSessions.create(db, staffWithoutId) },
    draftAdId: advertisers.draftAdId,
    publishedAdId: advertisers.publishedAdId,
    pausedAdId: advertisers.pausedAdId,
    ownerTitle: advertisers.ownerTitle,
    photoId: advertisers.photoId,
    paymentId,
    paymentReference: `VEL-SEC-${n}`,
    revocationId,
    quote: await issueQuote(db, 'premium', 15000),
    ...verifications,
    ...moderation,
    bankAccountId,
    throwawayAdminId,
    alertId,
    ...passkeys,
  };
}

// The panel's data endpoints. Every route takes the permission ADMIN_ROUTES gives it (shared/admin-routes.ts)
// and goes through requireAdmin then requirePermission; the access test enumerates the router to check each.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { RouterDeps } from '#api/deps.ts';
import { conflict, documentsUnreadable, notFound, receiptsUnreadable } from '#api/errors.ts';
import { readJsonBody } from '#api/http/read-body.ts';
import { audit, listAuditLog, type AuditEntry } from '#db/queries/admin/audit-log.ts';
import { can, type Admin } from '#shared/admin-permissions.ts';
import { ADMIN_ROUTES, type AdminRoute, type RoutePermission } from '#shared/admin-routes.ts';
import { statistics } from '#db/queries/admin/statistics.ts';
import { advertiserExists, listSubscribers } from '#db/queries/admin/subscribers.ts';
import { decideVerification, identityDocument, pendingVerification, type Decision } from '#db/queries/admin/verifications.ts';
import { readDocument } from '#api/services/identity-vault.ts';
import { approveAd, moderationQueue, refuseAd, type ModerationResult } from '#db/queries/admin/moderation.ts';
import { decideReport, listReports } from '#db/queries/reports.ts';
import { listContactMessages, markAnswered } from '#db/queries/contact-messages.ts';
import {
  activateBankAccount,
  addBankAccount,
  bankAccountWithCbuExists,
  listBankAccounts,
  listPayments,
  paymentReceipt,
  processPayment,
} from '#db/queries/admin/payments.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { isValidCbu } from '#shared/cbu.ts';
import { getPlanPrices, setPlanPrices } from '#db/queries/settings.ts';
import {
  administratorIdByUsername,
  createAdministrator,
  listAdministrators,
  setAdministratorActive,
  setAdministratorPassword,
} from '#db/queries/admin/administrators.ts';
import { hashPassword, randomPassword } from '#api/services/passwords.ts';
import { markStaffAlertSeen, unseenStaffAlerts } from '#db/queries/staff-alerts.ts';
import { ADMIN_PERMISSIONS } from '#shared/admin-permissions.ts';
import { idParams, parseInput } from '#api/http/validate.ts';
import { mailPaymentConfirmed } from '#api/payments/confirmations.ts';
import { sendReceipt } from '#api/payments/receipts.ts';
import { staffSessions } from '#api/auth/sessions.ts';
import { requireAdmin, requirePermission, signedInAdmin } from '#api/auth/guards.ts';

/** What a staff action writes to the audit log; who and from where are added by `act`. */
type StaffActionEntry = Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'details'>;

const body = (ctx: Context) => readJsonBody(ctx, { limitBytes: 16 * 1024, types: ['application/json'] });

const rejectBody = z.object({
  reason: z
    .string({ error: 'Escribí el motivo del rechazo: el anunciante lo va a ver.' })
    .trim()
    .min(5, 'Escribí el motivo del rechazo: el anunciante lo va a ver.')
    .max(500),
});
const adsQuery = z.object({ state: z.enum(['pending', 'held', 'published', 'rejected', 'removed']).default('pending') });
const messagesQuery = z.object({ status: z.enum(['open', 'answered']).default('open') });
const reportsQuery = z.object({ status: z.enum(['open', 'resolved', 'dismissed']).default('open') });
const adReasonBody = z.object({
  reason: z
    .string({ error: 'Escribí el motivo: el anunciante lo va a ver.' })
    .trim()
    .min(5, 'Escribí el motivo: el anunciante lo va a ver.')
    .max(500),
});
function moderationAnswer(result: ModerationResult): void {
  if (result === 'missing') throw notFound('ad_not_found', 'El anuncio no existe.');
  if (result === 'not_verified')
    throw conflict('advertiser_not_verified', 'El anunciante todavía no tiene la identidad verificada: aprobá primero su verificación.');
  if (result === 'wrong_state') throw conflict('wrong_state', 'Ese anuncio ya no está en un estado que permita esta acción.');
  if (result === 'reported')
    throw conflict(
      'open_report',
      'Hay una denuncia abierta por posible menor de edad o trata sobre este anuncio: decidila primero en Denuncias.',
    );
}
const processBody = z.object({
  bankAccountId: z.number({ error: 'Seleccione una cuenta bancaria de destino' }).int().positive(),
  notes: z.string().trim().max(500).nullable().optional(),
});
const bankAccountBody = z.object({
  bankName: z.string().trim().min(1).max(80),
  accountHolder: z.string().trim().min(1).max(120),
  accountNumber: z.string().trim().min(1).max(40),
  cbu: z.string().trim().refine(isValidCbu, 'CBU inválido: deben ser 22 dígitos con sus dígitos verificadores correctos'),
  alias: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{6,20}$/, 'El alias debe tener entre 6 y 20 caracteres (letras, números, punto o guion)')
    .nullable()
    .optional(),
  accountType: z.enum(['checking', 'savings']).default('checking'),
});

const administratorBody = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_.]{3,32}$/, 'El usuario debe tener entre 3 y 32 caracteres: letras, números, punto o guion bajo'),
  fullName: z.string().trim().min(2).max(120),
  password: z.string().min(12, 'La contraseña debe tener al menos 12 caracteres').max(128),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)).max(ADMIN_PERMISSIONS.length),
});
const price = z.number().int().min(0).max(10_000_000);
const settingsBody = z.object({ pricePremium: price, priceVip: price });
const auditQuery = z.object({
  action: z.string().max(64).optional(),
  username: z.string().max(64).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/**
 * The panel's data endpoints, each registered with the permission ADMIN_ROUTES (shared/admin-routes.ts) gives it;
 * returns the router and the permissions it registered, which must be that table exactly (a test checks).
 */
export function adminDataRouter(deps: RouterDeps): { router: Router; permissions: ReadonlyMap<string, RoutePermission> } {
  const router = new Router({ prefix: '/admin' });
  const permissions = new Map<string, RoutePermission>();
  const route = (method: 'get' | 'post' | 'put', path: string, handler: (ctx: Context, admin: Admin) => Promise<void>) => {
    const key = `${method.toUpperCase()} /api/admin${path}`;
    const permission: RoutePermission | undefined = ADMIN_ROUTES[key as AdminRoute];
    if (!permission) throw new Error(`${key} is missing from ADMIN_ROUTES (shared/admin-routes.ts)`);
    permissions.set(key, permission);
    const checks = permission === 'any_admin' ? [requireAdmin(deps)] : [requireAdmin(deps), requirePermission(deps, permission)];
    router[method](path, ...checks, (ctx) => handler(ctx, signedInAdmin(ctx)));
  };
  /**
   * A staff action and its audit row, committed together: `work` runs in the transaction, and a refusal it throws
   * rolls both back. Mail and other effects outside the database go after it.
   */
  const act = <T>(ctx: Context, admin: Admin, entry: StaffActionEntry, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
    deps.db.transaction(async (trx) => {
      const result = await work(trx);
      await audit(trx, { ...entry, adminUserId: admin.id, username: admin.username, ip: ctx.ip });
      return result;
    });

  // Alerts at the top of the panel: each admin sees those of the permissions they hold (db/queries/staff-alerts.ts).
  route('get', '/alerts', async (ctx, admin) => {
    ctx.body = await unseenStaffAlerts(deps.db, admin);
  });
  route('post', '/alerts/:id/seen', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await act(ctx, admin, { action: 'alert_seen', targetType: 'staff_alert', targetId: id }, async (trx) => {
      if (!(await markStaffAlertSeen(trx, id, admin))) throw notFound('alert_not_found', 'La alerta no existe o ya fue vista.');
    });
    ctx.body = { success: true };
  });

  route('get', '/statistics', async (ctx, admin) => {
    const stats = await statistics(deps.db);
    // Revenue is payment data: only for those who may see payments.
    ctx.body = can(admin, 'view_payments') ? stats : { ...stats, monthlyRevenue: null, todayRevenue: null };
  });

  route('get', '/subscribers', async (ctx) => {
    ctx.body = await listSubscribers(deps.db);
  });
  route('get', '/subscribers/:id/verification', async (ctx) => {
    const { id } = parseInput(idParams, ctx.params);
    if (!(await advertiserExists(deps.db, id))) throw notFound('subscriber_not_found', 'El suscriptor no existe.');
    ctx.body = { request: await pendingVerification(deps.db, id) };
  });
  route('post', '/subscribers/:id/verify', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await decide(ctx, admin, id, { decision: 'verified' });
  });
  route('post', '/subscribers/:id/reject', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    const { reason } = parseInput(rejectBody, await body(ctx));
    await decide(ctx, admin, id, { decision: 'rejected', reason });
  });
  async function decide(ctx: Context, admin: Admin, id: number, decision: Decision) {
    const details = decision.decision === 'rejected' ? { reason: decision.reason } : undefined;
    await act(ctx, admin, { action: `subscriber_${decision.decision}`, targetType: 'advertiser', targetId: id, details }, async (trx) => {
      const result = await decideVerification(trx, { advertiserId: id, adminId: admin.id, ...decision });
      if (result === 'missing') throw notFound('subscriber_not_found', 'El suscriptor no existe.');
      if (result === 'not_pending') throw conflict('not_pending', 'Ese suscriptor no tiene una verificación pendiente.');
    });
    ctx.body = { success: true };
  }

  // A document is decrypted for this answer only; every view is in the audit log.
  route('get', '/identity-documents/:id', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    const doc = await identityDocument(deps.db, id);
    if (!doc) throw notFound('document_not_found', 'El documento no existe o ya se eliminó.');
    if (!deps.config.identityKey) throw documentsUnreadable();
    const image = await readDocument(deps.config.dataDir, deps.config.identityKey, doc.fileKey);
    await audit(deps.db, {
      action: 'identity_document_viewed',
      adminUserId: admin.id,
      username: admin.username,
      targetType: 'identity_document',
      targetId: id,
      details: { kind: doc.kind, requestId: doc.requestId },
      ip: ctx.ip,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = 'image/jpeg';
    ctx.body = image;
  });

  route('get', '/ads', async (ctx) => {
    const { state } = parseInput(adsQuery, ctx.query);
    ctx.body = await moderationQueue(deps.db, state);
  });
  route('post', '/ads/:id/approve', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await act(ctx, admin, { action: 'ad_approved', targetType: 'ad', targetId: id }, async (trx) =>
      moderationAnswer(await approveAd(trx, id)),
    );
    ctx.body = { success: true };
  });
  for (const action of ['reject', 'remove'] as const) {
    route('post', `/ads/:id/${action}`, async (ctx, admin) => {
      const { id } = parseInput(idParams, ctx.params);
      const { reason } = parseInput(adReasonBody, await body(ctx));
      const entry = { action: action === 'reject' ? 'ad_rejected' : 'ad_removed', targetType: 'ad', targetId: id, details: { reason } };
      await act(ctx, admin, entry, async (trx) => moderationAnswer(await refuseAd(trx, id, action, reason)));
      ctx.body = { success: true };
    });
  }

  route('get', '/reports', async (ctx) => {
    ctx.body = await listReports(deps.db, parseInput(reportsQuery, ctx.query).status);
  });
  for (const [action, decision] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    route('post', `/reports/:id/${action}`, async (ctx, admin) => {
      const { id } = parseInput(idParams, ctx.params);
      await act(ctx, admin, { action: `report_${decision}`, targetType: 'report', targetId: id }, async (trx) => {
        const result = await decideReport(trx, id, decision, admin.id);
        if (result === 'missing') throw notFound('report_not_found', 'La denuncia no existe.');
        if (result === 'decided') throw conflict('already_decided', 'Esa denuncia ya fue resuelta o desestimada.');
      });
      ctx.body = { success: true };
    });
  }

  route('get', '/messages', async (ctx) => {
    ctx.body = await listContactMessages(deps.db, parseInput(messagesQuery, ctx.query).status);
  });
  route('post', '/messages/:id/answered', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await act(ctx, admin, { action: 'message_answered', targetType: 'contact_message', targetId: id }, async (trx) => {
      const result = await markAnswered(trx, id, admin.id);
      if (result === 'missing') throw notFound('message_not_found', 'El mensaje no existe.');
      if (result === 'answered') throw conflict('already_answered', 'Ese mensaje ya estaba marcado como respondido.');
    });
    ctx.body = { success: true };
  });

  route('get', '/payments', async (ctx) => {
    ctx.body = await listPayments(deps.db);
  });
  route('post', '/payments/:id/process', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    const input = parseInput(processBody, await body(ctx));
    const entry = { action: 'payment_processed', targetType: 'payment', targetId: id, details: { bankAccountId: input.bankAccountId } };
    const payment = await act(ctx, admin, entry, async (trx) => {
      const result = await processPayment(trx, { id, bankAccountId: input.bankAccountId, notes: input.notes ?? null, adminId: admin.id });
      if (result.ok) return result.payment;
      if (result.reason === 'missing') throw notFound('payment_not_found', 'El pago no existe.');
      if (result.reason === 'already_processed') throw conflict('already_processed', 'Ese pago ya fue procesado.');
      if (result.reason === 'not_pending') throw conflict('not_pending', 'Ese pago fue cancelado: no se puede procesar.');
      if (result.reason === 'no_active_account')
        throw conflict(
          'no_active_bank_account',
          'No hay ninguna cuenta bancaria activa. Activá una en Cuentas Bancarias antes de procesar pagos.',
        );
      throw notFound('bank_account_not_found', 'La cuenta bancaria de destino no existe. Seleccione una cuenta bancaria de destino.');
    });
    await mailPaymentConfirmed(deps.mailer, payment, deps.config.siteOrigin);
    ctx.body = { success: true, planUntil: payment.planUntil };
  });
  // The transfer receipt the advertiser attached; every view is in the audit log, like identity documents.
  route('get', '/payments/:id/receipt', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    const receipt = await paymentReceipt(deps.db, id);
    if (!receipt) throw notFound('receipt_not_found', 'Ese pago no tiene comprobante.');
    if (!deps.config.identityKey) throw receiptsUnreadable();
    const bytes = await readDocument(deps.config.dataDir, deps.config.identityKey, receipt.fileKey, 'receipts');
    await audit(deps.db, {
      action: 'payment_receipt_viewed',
      adminUserId: admin.id,
      username: admin.username,
      targetType: 'payment',
      targetId: id,
      ip: ctx.ip,
    });
    await sendReceipt(ctx, bytes, receipt.type, receipt.reference);
  });

  // Whoever processes payments chooses their destination account; managing the accounts is for the super admin.
  route('get', '/bank-accounts', async (ctx) => {
    ctx.body = await listBankAccounts(deps.db);
  });
  route('post', '/bank-accounts', async (ctx, admin) => {
    const input = parseInput(bankAccountBody, await body(ctx));
    if (await bankAccountWithCbuExists(deps.db, input.cbu)) throw conflict('duplicate_cbu', 'Ya hay una cuenta con ese CBU.');
    const id = await deps.db.transaction(async (trx) => {
      const added = await addBankAccount(trx, { ...input, alias: input.alias ?? null });
      await audit(trx, {
        action: 'bank_account_added',
        adminUserId: admin.id,
        username: admin.username,
        targetType: 'bank_account',
        targetId: added,
        ip: ctx.ip,
      });
      return added;
    });
    ctx.status = 201;
    ctx.body = { success: true, id };
  });
  route('post', '/bank-accounts/:id/activate', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    await act(ctx, admin, { action: 'bank_account_activated', targetType: 'bank_account', targetId: id }, async (trx) => {
      if (!(await activateBankAccount(trx, id))) throw notFound('bank_account_not_found', 'La cuenta bancaria no existe.');
    });
    ctx.body = { success: true };
  });

  route('get', '/analytics/summary', async (ctx) => {
    ctx.body = await analyticsSummary(deps.db);
  });

  route('get', '/settings', async (ctx) => {
    const prices = await getPlanPrices(deps.db);
    ctx.body = { pricePremium: prices.premium, priceVip: prices.vip };
  });
  route('put', '/settings', async (ctx, admin) => {
    const input = parseInput(settingsBody, await body(ctx));
    await deps.db.transaction(async (trx) => {
      const before = await getPlanPrices(trx);
      await setPlanPrices(trx, { premium: input.pricePremium, vip: input.priceVip });
      await audit(trx, {
        action: 'settings_saved',
        adminUserId: admin.id,
        username: admin.username,
        details: { before, after: input },
        ip: ctx.ip,
      });
    });
    ctx.body = { success: true };
  });

  route('get', '/administrators', async (ctx) => {
    ctx.body = await listAdministrators(deps.db);
  });
  route('post', '/administrators', async (ctx, admin) => {
    const input = parseInput(administratorBody, await body(ctx));
    if (await administratorIdByUsername(deps.db, input.username)) {
      throw conflict('duplicate_username', 'Ya existe un administrador con ese usuario.');
    }
    // Hashed before the transaction: argon2 takes tens of milliseconds, a write lock should not wait for it.
    const { password, ...account } = input;
    const passwordHash = await hashPassword(password);
    const id = await deps.db.transaction(async (trx) => {
      const created = await createAdministrator(trx, { ...account, passwordHash });
      await audit(trx, {
        action: 'administrator_created',
        adminUserId: admin.id,
        username: admin.username,
        targetType: 'admin_user',
        targetId: created,
        details: { username: input.username, permissions: input.permissions },
        ip: ctx.ip,
      });
      return created;
    });
    ctx.status = 201;
    ctx.body = { success: true, id };
  });
  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    route('post', `/administrators/:id/${action}`, async (ctx, admin) => {
      const { id } = parseInput(idParams, ctx.params);
      await act(ctx, admin, { action: `administrator_${action}d`, targetType: 'admin_user', targetId: id }, async (trx) => {
        const result = await setAdministratorActive(trx, id, active);
        if (result === 'missing') throw notFound('administrator_not_found', 'El administrador no existe.');
        if (result === 'master') throw conflict('master_admin', 'El administrador principal no se puede desactivar.');
        if (!active) await staffSessions.endAllOf(trx, id);
      });
      ctx.body = { success: true };
    });
  }
  route('post', '/administrators/:id/reset-password', async (ctx, admin) => {
    const { id } = parseInput(idParams, ctx.params);
    const password = randomPassword();
    const passwordHash = await hashPassword(password);
    await act(ctx, admin, { action: 'administrator_password_reset', targetType: 'admin_user', targetId: id }, async (trx) => {
      if (!(await setAdministratorPassword(trx, id, passwordHash)))
        throw notFound('administrator_not_found', 'El administrador no existe.');
    });
    // Shown once to the super admin, who hands it over; never stored in clear or logged.
    ctx.body = { success: true, password };
  });

  route('get', '/audit-log', async (ctx) => {
    ctx.body = await listAuditLog(deps.db, parseInput(auditQuery, ctx.query));
  });

  return { router, permissions };
}

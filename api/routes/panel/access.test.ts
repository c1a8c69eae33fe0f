// Access to the panel's data endpoints on SQLite and PostgreSQL: every route of the router checked for anonymous
// (401), a partner without its permission (403), a partner with another permission (403) and an allowed admin
// (2xx). The data below gives each route one call that succeeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertAdvertiser, insertAdministrator, insertBankAccount, insertPayment } from '#tooling/factories/index.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { adminDataRouter } from './routes.ts';
import { ADMIN_ROUTES, type AdminRoute } from '#shared/admin-routes.ts';
import { ADMIN_PERMISSIONS } from '#shared/admin-permissions.ts';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import { storeDocument } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { testJpeg } from '#api/testing/images.ts';
import { startPanel, type Panel } from '#api/testing/panel.ts';
import { memoryRateLimitStore } from '#api/services/rate-limit-store.ts';
import { revokePurchase } from '#core/consumer/revocation.ts';
import { appCode, superAdminFactors } from '#api/routes/second-step/testing.ts';

let panel: Panel;
let pendingIds: number[] = [];
const paymentIds: number[] = [];
let receiptPaymentId: number;
let accountIds: number[] = [];
let throwawayAdminId = 0;
let documentId = 0;
const moderationAdIds: Record<string, number> = {};
const reportIds: number[] = [];
const safetyAlertIds: Record<'approve' | 'reject' | 'withdraw', number> = { approve: 0, reject: 0, withdraw: 0 };
let messageId = 0;
let verifiedId = 0;
let alertId = 0;
let photoVerificationId = 0;
let photoId = 0;
let revocationId = 0;
let security: Awaited<ReturnType<typeof superAdminFactors>>;

beforeAll(async () => {
  panel = await startPanel();
  const { t, insertId } = panel;
  throwawayAdminId = (
    await insertAdministrator(t.db, {
      username: 'descartable',
      fullName: 'Cuenta Descartable',
      passwordHash: await hashPassword('clave-descartable-1'),
    })
  ).id;
  const verified = await insertAdvertiser(t.db, { fullName: 'Ana Verificada', verificationStatus: 'verified' });
  verifiedId = verified;
  alertId = await createStaffAlert(t.db, {
    kind: 'login_attack',
    permission: null,
    message: 'Muchas contraseñas equivocadas para una cuenta.',
  });
  await insertAd(t.db, verified, { plan: 'vip', planExpiresAt: new Date(Date.now() + 86_400_000) });
  pendingIds = [
    await insertAdvertiser(t.db, { fullName: 'Bruno Pendiente', verificationStatus: 'pending' }),
    await insertAdvertiser(t.db, { fullName: 'Carla Pendiente', verificationStatus: 'pending' }),
    await insertAdvertiser(t.db, { fullName: 'Dora Pendiente', verificationStatus: 'pending' }),
  ];
  moderationAdIds.approve = await insertAd(t.db, verified, { title: 'Aviso para aprobar', state: 'pending' });
  moderationAdIds.reject = await insertAd(t.db, verified, { title: 'Aviso para rechazar', state: 'pending' });
  moderationAdIds.remove = await insertAd(t.db, verified, { title: 'Aviso para dar de baja', state: 'published' });
  messageId = await insertId('contact_messages', {
    email: 'consulta@ejemplo.com',
    topic: 'consulta',
    message: 'Una consulta de prueba.',
    status: 'open',
    created_at: new Date(),
  });
  for (const [decision, status] of [
    ['approve', 'pending'],
    ['reject', 'pending'],
    ['withdraw', 'approved'],
  ] as const) {
    safetyAlertIds[decision] = await insertId('safety_alerts', {
      phone_hash: decision.padEnd(64, '0'),
      reporter_id: verified,
      kind: 'robo',
      description: 'Una alerta de prueba.',
      status,
      created_at: new Date(),
    });
  }
  for (let i = 0; i < 3; i++)
    reportIds.push(await insertId('reports', { reason: 'estafa', status: 'open', hid_ad: false, created_at: new Date() }));
  // Preserved already: one to release, one whose package is downloaded.
  for (let i = 0; i < 2; i++)
    reportIds.push(
      await insertId('reports', {
        reason: 'posible_menor',
        status: 'open',
        hid_ad: false,
        created_at: new Date(),
        preserved_at: new Date(),
      }),
    );
  const now = new Date();
  // A pending request with its document, as the publish flow leaves it (core/verification/submit-verification.ts).
  const requestId = await insertId('verification_requests', {
    advertiser_id: pendingIds[2],
    method: 'manual',
    full_name: 'Dora Pendiente Real',
    birth_date: '1990-04-02',
    status: 'pending',
    submitted_at: now,
  });
  const fileKey = await storeDocument(diskStore(t.dataDir), panel.identityKey, await testJpeg());
  documentId = await insertId('identity_documents', {
    request_id: requestId,
    kind: 'selfie',
    file_key: fileKey,
    bytes: 100,
    created_at: now,
  });
  // A photo verification waiting for staff: an ad with one photo, and the sealed selfie.
  const photoAdId = await insertAd(t.db, verified, { title: 'Aviso con fotos para verificar' });
  photoId = await insertId('ad_images', { ad_id: photoAdId, position: 0, file_key: 'a'.repeat(32), width: 64, height: 64 });
  photoVerificationId = await insertId('photo_verification_requests', {
    ad_id: photoAdId,
    advertiser_id: verified,
    gesture: 'pulgar-arriba',
    status: 'pending',
    selfie_key: await storeDocument(diskStore(t.dataDir), panel.identityKey, await testJpeg()),
    selfie_bytes: 100,
    requested_at: now,
    submitted_at: now,
  });
  accountIds = [
    await insertBankAccount(t.db, { bankName: 'Banco Uno', cbu: cbuFrom('0110599', '2000000000001'), alias: 'velada.uno', active: true }),
    await insertBankAccount(t.db, {
      bankName: 'Banco Dos',
      cbu: cbuFrom('0720000', '8800000000002'),
      alias: 'velada.dos',
      accountType: 'savings',
    }),
  ];
  for (let i = 0; i < 3; i++) paymentIds.push((await insertPayment(t.db, verified, { amount: 25000 })).id);
  const receiptKey = await storeDocument(diskStore(t.dataDir), panel.identityKey, await testJpeg(), 'receipts');
  receiptPaymentId = (await insertPayment(t.db, verified, { amount: 15000, receiptKey, receiptType: 'image/jpeg' })).id;
  // A paid purchase revoked by its buyer (decision 068), waiting for staff to refund it.
  const revoked = await insertPayment(t.db, verified, { amount: 25000, status: 'completed', adId: photoAdId });
  const { email } = await t.db('advertisers').where('id', verified).first('email');
  await revokePurchase(t.db, { reference: revoked.reference, email });
  revocationId = Number((await t.db('revocation_requests').where('payment_id', revoked.id).first('id')).id);
  security = await superAdminFactors(panel);
});

afterAll(() => panel.close());

/** A request each route answers with success, for the access test; a route missing here fails that test. */
function successfulCall(key: string): { path: string; body?: unknown } | undefined {
  const examples: Record<string, () => { path: string; body?: unknown }> = {
    'GET /api/admin/me': () => ({ path: '/api/admin/me' }),
    'POST /api/admin/heartbeat': () => ({ path: '/api/admin/heartbeat' }),
    'GET /api/admin/statistics': () => ({ path: '/api/admin/statistics' }),
    'GET /api/admin/alerts': () => ({ path: '/api/admin/alerts' }),
    'POST /api/admin/alerts/:id/seen': () => ({ path: `/api/admin/alerts/${alertId}/seen` }),
    'GET /api/admin/subscribers': () => ({ path: '/api/admin/subscribers' }),
    'POST /api/admin/subscribers/:id/verify': () => ({ path: `/api/admin/subscribers/${pendingIds.shift()}/verify` }),
    'POST /api/admin/subscribers/:id/reject': () => ({
      path: `/api/admin/subscribers/${pendingIds.shift()}/reject`,
      body: { reason: 'La foto del DNI no se lee.' },
    }),
    'GET /api/admin/subscribers/:id/verification': () => ({ path: `/api/admin/subscribers/${verifiedId}/verification` }),
    'GET /api/admin/identity-documents/:id': () => ({ path: `/api/admin/identity-documents/${documentId}` }),
    'GET /api/admin/photo-verifications': () => ({ path: '/api/admin/photo-verifications' }),
    'GET /api/admin/photo-verifications/:id': () => ({ path: `/api/admin/photo-verifications/${photoVerificationId}` }),
    'GET /api/admin/photo-verifications/:id/selfie': () => ({ path: `/api/admin/photo-verifications/${photoVerificationId}/selfie` }),
    'POST /api/admin/photo-verifications/:id/decide': () => ({
      path: `/api/admin/photo-verifications/${photoVerificationId}/decide`,
      body: { photos: [{ id: photoId, verified: true }] },
    }),
    'GET /api/admin/ads': () => ({ path: '/api/admin/ads?state=pending' }),
    'GET /api/admin/ads/:id/stats': () => ({ path: `/api/admin/ads/${moderationAdIds.approve}/stats?periodo=90` }),
    'POST /api/admin/ads/:id/approve': () => ({ path: `/api/admin/ads/${moderationAdIds.approve}/approve` }),
    'POST /api/admin/ads/:id/reject': () => ({
      path: `/api/admin/ads/${moderationAdIds.reject}/reject`,
      body: { reason: 'Las fotos no corresponden.' },
    }),
    'POST /api/admin/ads/:id/remove': () => ({
      path: `/api/admin/ads/${moderationAdIds.remove}/remove`,
      body: { reason: 'Denuncia confirmada.' },
    }),
    'GET /api/admin/safety-alerts': () => ({ path: '/api/admin/safety-alerts?status=pending' }),
    'POST /api/admin/safety-alerts/by-number': () => ({ path: '/api/admin/safety-alerts/by-number', body: { phone: '11 4000-1001' } }),
    'POST /api/admin/safety-alerts/:id/approve': () => ({ path: `/api/admin/safety-alerts/${safetyAlertIds.approve}/approve` }),
    'POST /api/admin/safety-alerts/:id/reject': () => ({
      path: `/api/admin/safety-alerts/${safetyAlertIds.reject}/reject`,
      body: { reason: 'No describe un incidente.' },
    }),
    'POST /api/admin/safety-alerts/:id/withdraw': () => ({
      path: `/api/admin/safety-alerts/${safetyAlertIds.withdraw}/withdraw`,
      body: { reason: 'Reportado por una competidora.' },
    }),
    'GET /api/admin/messages': () => ({ path: '/api/admin/messages?status=open' }),
    'POST /api/admin/messages/:id/answered': () => ({ path: `/api/admin/messages/${messageId}/answered` }),
    'GET /api/admin/reports': () => ({ path: '/api/admin/reports?status=open' }),
    'POST /api/admin/reports/:id/resolve': () => ({ path: `/api/admin/reports/${reportIds[0]}/resolve` }),
    'POST /api/admin/reports/:id/dismiss': () => ({ path: `/api/admin/reports/${reportIds[1]}/dismiss` }),
    'POST /api/admin/reports/:id/preserve': () => ({ path: `/api/admin/reports/${reportIds[2]}/preserve` }),
    'POST /api/admin/reports/:id/release': () => ({ path: `/api/admin/reports/${reportIds[3]}/release` }),
    'GET /api/admin/reports/:id/preserved': () => ({ path: `/api/admin/reports/${reportIds[4]}/preserved` }),
    'GET /api/admin/payments': () => ({ path: '/api/admin/payments' }),
    'POST /api/admin/payments/:id/process': () => ({
      path: `/api/admin/payments/${paymentIds.shift()}/process`,
      body: { bankAccountId: accountIds[0] },
    }),
    'GET /api/admin/payments/:id/receipt': () => ({ path: `/api/admin/payments/${receiptPaymentId}/receipt` }),
    'GET /api/admin/revocations': () => ({ path: '/api/admin/revocations' }),
    'POST /api/admin/revocations/:id/refunded': () => ({ path: `/api/admin/revocations/${revocationId}/refunded` }),
    'GET /api/admin/bank-accounts': () => ({ path: '/api/admin/bank-accounts' }),
    'POST /api/admin/bank-accounts': () => ({
      path: '/api/admin/bank-accounts',
      body: {
        bankName: 'Banco Tres',
        accountHolder: 'Velada SRL',
        accountNumber: '333',
        cbu: cbuFrom('2850590', '4009041813520'),
        alias: 'velada.tres',
      },
    }),
    'POST /api/admin/bank-accounts/:id/activate': () => ({ path: `/api/admin/bank-accounts/${accountIds[0]}/activate` }),
    'GET /api/admin/analytics/summary': () => ({ path: '/api/admin/analytics/summary' }),
    'GET /api/admin/settings': () => ({ path: '/api/admin/settings' }),
    'PUT /api/admin/settings': () => ({ path: '/api/admin/settings', body: { pricePremium: 16000, priceVip: 27000 } }),
    'GET /api/admin/administrators': () => ({ path: '/api/admin/administrators' }),
    'POST /api/admin/administrators': () => ({
      path: '/api/admin/administrators',
      body: { username: 'nueva_socia', fullName: 'Nueva Socia', password: 'una-clave-bien-larga', permissions: ['view_subscribers'] },
    }),
    'POST /api/admin/administrators/:id/disable': () => ({ path: `/api/admin/administrators/${throwawayAdminId}/disable` }),
    'POST /api/admin/administrators/:id/enable': () => ({ path: `/api/admin/administrators/${throwawayAdminId}/enable` }),
    'POST /api/admin/administrators/:id/reset-password': () => ({ path: `/api/admin/administrators/${throwawayAdminId}/reset-password` }),
    'GET /api/admin/audit-log': () => ({ path: '/api/admin/audit-log?action=login_succeeded' }),
    'POST /api/admin/administrators/:id/reset-second-step': () => ({
      path: `/api/admin/administrators/${throwawayAdminId}/reset-second-step`,
    }),
    'GET /api/admin/security': () => ({ path: '/api/admin/security' }),
    'POST /api/admin/security/passkeys/options': () => ({ path: '/api/admin/security/passkeys/options' }),
    'POST /api/admin/security/passkeys': () => ({ path: '/api/admin/security/passkeys', body: { response: security.passkeyAnswer } }),
    'DELETE /api/admin/security/passkeys/:id': () => ({ path: `/api/admin/security/passkeys/${security.removablePasskeyId}` }),
    'POST /api/admin/security/totp': () => ({ path: '/api/admin/security/totp' }),
    'POST /api/admin/security/totp/confirm': () => ({
      path: '/api/admin/security/totp/confirm',
      body: { code: appCode(security.pendingSecret) },
    }),
    'DELETE /api/admin/security/totp': () => ({ path: '/api/admin/security/totp' }),
    'POST /api/admin/security/recovery-codes': () => ({ path: '/api/admin/security/recovery-codes' }),
    'POST /api/admin/security/sessions/end-others': () => ({ path: '/api/admin/security/sessions/end-others' }),
  };
  return examples[key]?.();
}

describe('access to every admin data route', () => {
  const { router, permissions } = adminDataRouter({
    db: null as never,
    config: null as never,
    analytics: null as never,
    mailer: null as never,
    store: null as never,
    rateLimits: memoryRateLimitStore(),
    adStats: null as never,
  });
  const routes = router.stack.flatMap((layer) =>
    layer.methods.filter((m) => m !== 'HEAD').map((method) => `${method} /api${String(layer.path)}`),
  );

  it('registers exactly the routes of ADMIN_ROUTES, each with its permission (the table the panel reads)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(Object.fromEntries(permissions)).toEqual(ADMIN_ROUTES);
    expect([...new Set(routes)].sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });

  it.each(routes)('%s: 401 anonymous, 403 without the permission, 2xx with it', async (key) => {
    const permission = ADMIN_ROUTES[key as AdminRoute];
    const [method] = key.split(' ') as [string];
    const example = successfulCall(key);
    expect(example, `no example call for ${key}`).toBeDefined();
    const { path, body } = example!;

    const { call, cookies } = panel;
    const anonymous = await call(method, path, undefined, body);
    expect(anonymous.status).toBe(401);
    if (permission !== 'any_admin') {
      const refused = await call(method, path, cookies.none, body);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('No tenés permiso para hacer esto.');
    }
    const allowedCookie = permission === 'any_admin' || permission === 'super_admin' ? cookies.super : cookies[permission];
    const allowed = await call(method, path, allowedCookie, body);
    expect(allowed.status, await allowed.clone().text()).toBeGreaterThanOrEqual(200);
    expect(allowed.status).toBeLessThan(300);
    if (permission !== 'super_admin' && permission !== 'any_admin') {
      // A partner holding another permission is still refused.
      const other = ADMIN_PERMISSIONS.find((p) => p !== permission)!;
      expect((await call(method, path, cookies[other], body)).status).toBe(403);
    }
  });

  it('logs refusals in the audit log', async () => {
    const entries = await panel.t.db('audit_log').where('action', 'forbidden').select('username', 'details');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((e) => e.username === 'sin_permisos' && JSON.parse(e.details).path === '/api/admin/bank-accounts')).toBe(true);
  });
});

// The panel's data endpoints on SQLite and PostgreSQL: every route of the router checked for anonymous (401), a
// partner without its permission (403) and an allowed admin (2xx); then what each action changes, and refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin } from '#api/admin/super-admin.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { adminDataRouter } from './data-routes.ts';
import { ADMIN_ROUTES, type AdminRoute } from '#shared/admin-routes.ts';
import { ADMIN_PERMISSIONS, type AdminPermission } from '#shared/admin-permissions.ts';
import { insertedId } from '#db/dialect.ts';
import { createStaffAlert } from '#db/queries/staff-alerts.ts';
import { storeDocument } from '#api/services/identity-vault.ts';
import { testJpeg } from '#api/testing/images.ts';
import sharp from 'sharp';
import { staffSessions } from '#api/auth/sessions.ts';

let t: TestDb;
let server: TestApp;
const cookies: Record<string, string> = {};
let pendingIds: number[] = [];
const paymentIds: number[] = [];
let receiptPaymentId: number;
let accountIds: number[] = [];
let throwawayAdminId = 0;
let documentId = 0;
let doraId = 0;
const moderationAdIds: Record<string, number> = {};
const reportIds: number[] = [];
let messageId = 0;
let verifiedId = 0;
let alertId = 0;
const IDENTITY_KEY = Buffer.alloc(32, 3);

async function insertId(table: string, row: Record<string, unknown>): Promise<number> {
  const [r] = await t.db(table).insert(row).returning('id');
  return insertedId(r);
}

async function loginAs(username: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return new RegExp(`${staffSessions.cookie}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function addPartner(username: string, permissions: AdminPermission[]): Promise<string> {
  await t.db('admin_users').insert({
    username,
    full_name: `Socio ${username}`,
    password_hash: await hashPassword('clave-de-socio-1'),
    is_master: false,
    permissions: JSON.stringify(permissions),
    active: true,
    created_at: new Date(),
  });
  return loginAs(username, 'clave-de-socio-1');
}

beforeAll(async () => {
  t = await createTestDb();
  await ensureSuperAdmin(t.db, 'clave-super-segura-1');
  server = await serveTestApp(t, { config: { identityKey: IDENTITY_KEY } });
  cookies.super = await loginAs('velada_admin', 'clave-super-segura-1');
  cookies.none = await addPartner('sin_permisos', []);
  for (const permission of ADMIN_PERMISSIONS) cookies[permission] = await addPartner(`con_${permission}`, [permission]);

  throwawayAdminId = await insertId('admin_users', {
    username: 'descartable',
    full_name: 'Cuenta Descartable',
    password_hash: await hashPassword('clave-descartable-1'),
    is_master: false,
    permissions: '[]',
    active: true,
    created_at: new Date(),
  });
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
  doraId = pendingIds[2]!;
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
  for (let i = 0; i < 2; i++)
    reportIds.push(await insertId('reports', { reason: 'estafa', status: 'open', hid_ad: false, created_at: new Date() }));
  const now = new Date();
  // A pending request with its document, as the publish flow leaves it (api/advertiser/verification.ts).
  const requestId = await insertId('verification_requests', {
    advertiser_id: pendingIds[2],
    method: 'manual',
    full_name: 'Dora Pendiente Real',
    birth_date: '1990-04-02',
    status: 'pending',
    submitted_at: now,
  });
  const fileKey = await storeDocument(t.dataDir, IDENTITY_KEY, await testJpeg());
  documentId = await insertId('identity_documents', {
    request_id: requestId,
    kind: 'selfie',
    file_key: fileKey,
    bytes: 100,
    created_at: now,
  });
  accountIds = [
    await insertId('bank_accounts', {
      bank_name: 'Banco Uno',
      account_holder: 'Velada SRL',
      account_number: '111',
      cbu: cbuFrom('0110599', '2000000000001'),
      alias: 'velada.uno',
      account_type: 'checking',
      active: true,
      created_at: now,
    }),
    await insertId('bank_accounts', {
      bank_name: 'Banco Dos',
      account_holder: 'Velada SRL',
      account_number: '222',
      cbu: cbuFrom('0720000', '8800000000002'),
      alias: 'velada.dos',
      account_type: 'savings',
      active: false,
      created_at: now,
    }),
  ];
  for (let i = 0; i < 3; i++) {
    paymentIds.push(
      await insertId('payments', {
        advertiser_id: verified,
        amount: 25000,
        description: 'Plan VIP',
        payment_method: 'transfer',
        status: 'pending',
        reference: `VEL-TEST-${i}`,
        created_at: now,
      }),
    );
  }
  const receiptKey = await storeDocument(t.dataDir, IDENTITY_KEY, await testJpeg(), 'receipts');
  receiptPaymentId = await insertId('payments', {
    advertiser_id: verified,
    amount: 15000,
    payment_method: 'transfer',
    status: 'pending',
    reference: 'VEL-TEST-R',
    receipt_key: receiptKey,
    receipt_type: 'image/jpeg',
    receipt_uploaded_at: now,
    created_at: now,
  });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: `${staffSessions.cookie}=${cookie}` } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
}

/** A request each route answers with success, for the access test; a route missing here fails that test. */
function successfulCall(key: string): { path: string; body?: unknown } | undefined {
  const examples: Record<string, () => { path: string; body?: unknown }> = {
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
    'GET /api/admin/ads': () => ({ path: '/api/admin/ads?state=pending' }),
    'POST /api/admin/ads/:id/approve': () => ({ path: `/api/admin/ads/${moderationAdIds.approve}/approve` }),
    'POST /api/admin/ads/:id/reject': () => ({
      path: `/api/admin/ads/${moderationAdIds.reject}/reject`,
      body: { reason: 'Las fotos no corresponden.' },
    }),
    'POST /api/admin/ads/:id/remove': () => ({
      path: `/api/admin/ads/${moderationAdIds.remove}/remove`,
      body: { reason: 'Denuncia confirmada.' },
    }),
    'GET /api/admin/messages': () => ({ path: '/api/admin/messages?status=open' }),
    'POST /api/admin/messages/:id/answered': () => ({ path: `/api/admin/messages/${messageId}/answered` }),
    'GET /api/admin/reports': () => ({ path: '/api/admin/reports?status=open' }),
    'POST /api/admin/reports/:id/resolve': () => ({ path: `/api/admin/reports/${reportIds[0]}/resolve` }),
    'POST /api/admin/reports/:id/dismiss': () => ({ path: `/api/admin/reports/${reportIds[1]}/dismiss` }),
    'GET /api/admin/payments': () => ({ path: '/api/admin/payments' }),
    'POST /api/admin/payments/:id/process': () => ({
      path: `/api/admin/payments/${paymentIds.shift()}/process`,
      body: { bankAccountId: accountIds[0] },
    }),
    'GET /api/admin/payments/:id/receipt': () => ({ path: `/api/admin/payments/${receiptPaymentId}/receipt` }),
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
  };
  return examples[key]?.();
}

describe('access to every admin data route', () => {
  const { router, permissions } = adminDataRouter({
    db: null as never,
    config: null as never,
    analytics: null as never,
    mailer: null as never,
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
    const entries = await t.db('audit_log').where('action', 'forbidden').select('username', 'details');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((e) => e.username === 'sin_permisos' && JSON.parse(e.details).path === '/api/admin/bank-accounts')).toBe(true);
  });
});

describe('actions and their refusals', () => {
  it('hides revenue from admins who may not see payments', async () => {
    const forPartner = (await (await call('GET', '/api/admin/statistics', cookies.none)).json()) as Record<string, unknown>;
    expect(forPartner.monthlyRevenue).toBeNull();
    const forSuper = (await (await call('GET', '/api/admin/statistics', cookies.super)).json()) as Record<string, unknown>;
    expect(typeof forSuper.monthlyRevenue).toBe('number');
    expect(forSuper.totalSubscribers).toBe(4);
  });

  it('approves or rejects only pending subscribers: 409 otherwise, 404 for an unknown id', async () => {
    const list = (await (await call('GET', '/api/admin/subscribers', cookies.super)).json()) as {
      id: number;
      verificationStatus: string;
      fullName: string;
    }[];
    const decided = list.find((s) => s.verificationStatus === 'verified')!;
    const again = await call('POST', `/api/admin/subscribers/${decided.id}/reject`, cookies.super, { reason: 'Motivo cualquiera' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Ese suscriptor no tiene una verificación pendiente.',
    );
    expect((await call('POST', '/api/admin/subscribers/999999/verify', cookies.super)).status).toBe(404);
  });

  it('shows a pending request with its documents (each view audited), and rejects it only with a reason', async () => {
    const answer = (await (await call('GET', `/api/admin/subscribers/${doraId}/verification`, cookies.super)).json()) as {
      request: { fullName: string; birthDate: string; documents: { id: number; kind: string }[] };
    };
    expect(answer.request).toMatchObject({
      fullName: 'Dora Pendiente Real',
      birthDate: '1990-04-02',
      documents: [{ id: documentId, kind: 'selfie' }],
    });
    const image = await call('GET', `/api/admin/identity-documents/${documentId}`, cookies.super);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
    const viewed = await t
      .db('audit_log')
      .where({ action: 'identity_document_viewed', target_id: String(documentId) })
      .orderBy('id', 'desc')
      .first();
    expect(viewed).toMatchObject({ username: 'velada_admin' });
    // Seeing subscribers is not enough to see their documents.
    expect((await call('GET', `/api/admin/identity-documents/${documentId}`, cookies.view_subscribers)).status).toBe(403);
    expect((await call('GET', '/api/admin/identity-documents/999999', cookies.super)).status).toBe(404);

    const noReason = await call('POST', `/api/admin/subscribers/${doraId}/reject`, cookies.super, {});
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: { field: string } }).error.field).toBe('reason');
    expect((await t.db('advertisers').where('id', doraId).first()).verification_status).toBe('pending');
    expect(
      (await call('POST', `/api/admin/subscribers/${doraId}/reject`, cookies.super, { reason: 'La selfie está borrosa.' })).status,
    ).toBe(200);
    expect(await t.db('verification_requests').where('advertiser_id', doraId).first()).toMatchObject({
      status: 'rejected',
      reason: 'La selfie está borrosa.',
    });
    expect((await t.db('advertisers').where('id', doraId).first()).verification_status).toBe('rejected');
    expect(
      ((await (await call('GET', `/api/admin/subscribers/${doraId}/verification`, cookies.super)).json()) as { request: unknown }).request,
    ).toBeNull();
  });

  it('approving copies the verified name, birth date and DNI onto the advertiser', async () => {
    const id = await insertAdvertiser(t.db, { fullName: 'Nombre de la cuenta', verificationStatus: 'pending' });
    await insertId('verification_requests', {
      advertiser_id: id,
      method: 'renaper',
      full_name: 'Eva María Real',
      birth_date: '1988-12-31',
      dni: '33444555',
      tramite: '00123456789',
      gender: 'F',
      status: 'pending',
      submitted_at: new Date(),
    });
    expect((await call('POST', `/api/admin/subscribers/${id}/verify`, cookies.manage_verifications)).status).toBe(200);
    const advertiser = await t.db('advertisers').where('id', id).first();
    expect(advertiser).toMatchObject({ verification_status: 'verified', full_name: 'Eva María Real', dni: '33444555' });
    expect(String(advertiser.birth_date instanceof Date ? advertiser.birth_date.toISOString() : advertiser.birth_date).slice(0, 10)).toBe(
      '1988-12-31',
    );
    expect(await t.db('verification_requests').where('advertiser_id', id).first()).toMatchObject({ status: 'approved' });
  });

  it('moderates ads: the queue shows red flags, approval needs a verified advertiser, refusals need a reason', async () => {
    const unverified = await insertAdvertiser(t.db, { fullName: 'Sin Verificar', verificationStatus: 'pending' });
    const early = await insertAd(t.db, unverified, { title: 'Aviso de alguien sin verificar', state: 'pending' });
    await t
      .db('ads')
      .where('id', early)
      .update({ review_flags: JSON.stringify([{ kind: 'posible_menor', match: 'colegiala' }]), submitted_at: new Date() });
    const queue = (await (await call('GET', '/api/admin/ads', cookies.manage_ads)).json()) as {
      id: number;
      flags: unknown[];
      advertiserVerification: string;
    }[];
    expect(queue.find((a) => a.id === early)).toMatchObject({
      flags: [{ kind: 'posible_menor', match: 'colegiala' }],
      advertiserVerification: 'pending',
    });

    const refused = await call('POST', `/api/admin/ads/${early}/approve`, cookies.super);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('advertiser_not_verified');
    expect((await t.db('ads').where('id', early).first()).state).toBe('pending');

    expect((await call('POST', `/api/admin/ads/${early}/reject`, cookies.super, {})).status).toBe(400);
    expect(
      (await call('POST', `/api/admin/ads/${early}/reject`, cookies.super, { reason: 'El texto sugiere una menor de edad.' })).status,
    ).toBe(200);
    expect(await t.db('ads').where('id', early).first()).toMatchObject({
      state: 'rejected',
      state_reason: 'El texto sugiere una menor de edad.',
    });

    // The approved one (access test above) is live, with 30 days; approving again is a conflict.
    const approved = await t.db('ads').where('id', moderationAdIds.approve).first();
    expect(approved.state).toBe('published');
    expect(new Date(approved.expires_at).getTime() - new Date(approved.published_at).getTime()).toBe(30 * 86_400_000);
    expect((await call('POST', `/api/admin/ads/${moderationAdIds.approve}/approve`, cookies.super)).status).toBe(409);
    expect(await t.db('ads').where('id', moderationAdIds.remove).first()).toMatchObject({
      state: 'removed',
      state_reason: 'Denuncia confirmada.',
    });
    expect((await call('POST', '/api/admin/ads/999999/approve', cookies.super)).status).toBe(404);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'ad_rejected', target_id: String(early) })
        .first(),
    ).toBeDefined();
  });

  it('processes a payment once, into an existing account', async () => {
    const payments = (await (await call('GET', '/api/admin/payments', cookies.super)).json()) as { id: number; paymentStatus: string }[];
    const done = payments.find((p) => p.paymentStatus === 'completed')!;
    const twice = await call('POST', `/api/admin/payments/${done.id}/process`, cookies.super, { bankAccountId: accountIds[0] });
    expect(twice.status).toBe(409);
    const pending = payments.find((p) => p.paymentStatus === 'pending')!;
    const noAccount = await call('POST', `/api/admin/payments/${pending.id}/process`, cookies.super, {});
    expect(noAccount.status).toBe(400);
    expect(((await noAccount.json()) as { error: { message: string } }).error.message).toContain(
      'Seleccione una cuenta bancaria de destino',
    );
    const unknown = await call('POST', `/api/admin/payments/${pending.id}/process`, cookies.super, { bankAccountId: 999_999 });
    expect(unknown.status).toBe(404);
    expect((await t.db('payments').where('id', pending.id).first()).status).toBe('pending');
    // The account that was active when the advertiser paid may be inactive by now: still a valid destination.
    const inactive = await call('POST', `/api/admin/payments/${pending.id}/process`, cookies.super, {
      bankAccountId: accountIds[1],
      notes: 'Transferencia del día',
    });
    expect(inactive.status).toBe(200);
    expect(await t.db('payments').where('id', pending.id).first()).toMatchObject({
      status: 'completed',
      bank_account_id: accountIds[1],
      notes: 'Transferencia del día',
    });
  });

  it('adds bank accounts only with a valid CBU and alias, and keeps one account active', async () => {
    const valid = { bankName: 'Banco Cuatro', accountHolder: 'Velada SRL', accountNumber: '444', alias: 'velada.cuatro' };
    const wrongDigit = cbuFrom('0140999', '0000000000004').replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const badCbu = await call('POST', '/api/admin/bank-accounts', cookies.super, { ...valid, cbu: wrongDigit });
    expect(badCbu.status).toBe(400);
    expect(((await badCbu.json()) as { error: { message: string } }).error.message).toContain('cbu');
    const badAlias = await call('POST', '/api/admin/bank-accounts', cookies.super, {
      ...valid,
      cbu: cbuFrom('0140999', '0000000000004'),
      alias: 'corto',
    });
    expect(badAlias.status).toBe(400);
    const added = await call('POST', '/api/admin/bank-accounts', cookies.super, { ...valid, cbu: cbuFrom('0140999', '0000000000004') });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    expect((await call('POST', `/api/admin/bank-accounts/${id}/activate`, cookies.super)).status).toBe(200);
    expect(await t.db('bank_accounts').where('active', true).pluck('id')).toEqual([id]);
    expect((await call('POST', '/api/admin/bank-accounts/999999/activate', cookies.super)).status).toBe(404);
    expect(await t.db('bank_accounts').where('active', true).pluck('id')).toEqual([id]);
  });

  it('saves plan prices (the public plans page reads them) and refuses impossible ones', async () => {
    const saved = await call('PUT', '/api/admin/settings', cookies.super, { pricePremium: 18000, priceVip: 30000 });
    expect(saved.status).toBe(200);
    expect(await (await call('GET', '/api/admin/settings', cookies.none)).json()).toEqual({ pricePremium: 18000, priceVip: 30000 });
    const negative = await call('PUT', '/api/admin/settings', cookies.super, { pricePremium: -1, priceVip: 30000 });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { error: { message: string } }).error.message).toContain('pricePremium');
    expect(await (await call('GET', '/api/admin/settings', cookies.super)).json()).toEqual({ pricePremium: 18000, priceVip: 30000 });
  });

  it('creates partners who log in with their permissions, refuses duplicates, and never disables the super admin', async () => {
    const input = { username: 'Lucia.Socia', fullName: 'Lucía Socia', password: 'clave-de-lucia-123', permissions: ['view_payments'] };
    expect((await call('POST', '/api/admin/administrators', cookies.super, input)).status).toBe(201);
    expect((await call('POST', '/api/admin/administrators', cookies.super, input)).status).toBe(409);
    const short = await call('POST', '/api/admin/administrators', cookies.super, { ...input, username: 'otra', password: 'corta' });
    expect(((await short.json()) as { error: { message: string } }).error.message).toContain(
      'La contraseña debe tener al menos 12 caracteres',
    );
    const lucia = await loginAs('lucia.socia', 'clave-de-lucia-123');
    expect((await call('GET', '/api/admin/payments', lucia)).status).toBe(200);
    expect((await call('GET', '/api/admin/subscribers', lucia)).status).toBe(403);

    const master = await t.db('admin_users').where('is_master', true).first('id');
    expect((await call('POST', `/api/admin/administrators/${master.id}/disable`, cookies.super)).status).toBe(409);
  });

  it('disabling ends the sessions; a password reset hands over a new password once', async () => {
    const id = await insertId('admin_users', {
      username: 'temporal',
      full_name: 'Temporal',
      password_hash: await hashPassword('clave-temporal-123'),
      is_master: false,
      permissions: '[]',
      active: true,
      created_at: new Date(),
    });
    const session = await loginAs('temporal', 'clave-temporal-123');
    await call('POST', `/api/admin/administrators/${id}/disable`, cookies.super);
    expect((await call('GET', '/api/admin/me', session)).status).toBe(401);
    await call('POST', `/api/admin/administrators/${id}/enable`, cookies.super);
    const reset = await call('POST', `/api/admin/administrators/${id}/reset-password`, cookies.super);
    const { password } = (await reset.json()) as { password: string };
    expect(password).toMatch(/^[\w-]{20}$/);
    await loginAs('temporal', password);
    const entry = await t.db('audit_log').where('action', 'administrator_password_reset').orderBy('id', 'desc').first();
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('filters the audit log by action and username', async () => {
    const res = await call('GET', '/api/admin/audit-log?action=login_succeeded&username=VELADA_ADMIN', cookies.super);
    const entries = (await res.json()) as { action: string; username: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === 'login_succeeded' && e.username === 'velada_admin')).toBe(true);
    expect((await call('GET', '/api/admin/audit-log?from=ayer', cookies.super)).status).toBe(400);
  });
});

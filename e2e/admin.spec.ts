// The staff panel as staff use it: the login with its failure counter, the overview with real figures, the
// refresh and logout, every section with its actions, toasts and export, as the super admin and as partners. Runs one test at a time: the per-IP login limit
// is shared by all of them.
import type { Response } from '@playwright/test';
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, localStorageOf, waitForHydration } from './fixtures.ts';
import { exportCsv, login, openLogin, openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { statistics } from '#db/queries/admin/statistics.ts';
import type { Subscriber } from '#db/queries/admin/subscribers.ts';
import { hashPassword, verifyPassword } from '#api/services/passwords.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { persistAnalytics } from '#db/queries/analytics-ingest.ts';
import type { AnalyticsSummary } from '#db/queries/analytics-summary.ts';

test.describe.configure({ mode: 'serial' });

test('the dashboard sends visitors without a session to the login', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the panel has its own plain layout: none of the visitors' overlays, header or footer", async ({ page }) => {
  // A first visit from a fresh browser: on a public page the age gate and the cookie banner would show, and the
  // app-download dialog would follow a cookie choice after 1.5 s.
  await openLogin(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page.getByRole('banner')).toContainText('Velada · Panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.locator('.age-gate')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Usamos cookies.' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Publique su aviso aquí' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await localStorageOf(page)).not.toHaveProperty('appDownloadPrompted');

  // The dashboard too; its toasts still show.
  await login(page, 'velada_admin', SUPER_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page);
  await expect(page.getByRole('banner')).toContainText('Velada · Panel');
  await expect(page.getByRole('link', { name: 'Publique su aviso aquí' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Usamos cookies.' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(toast(page, 'Datos actualizados')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('wrong credentials: a counter, a warning from the third failure, and the form blocked at the fifth', async ({ page }) => {
  await openLogin(page);
  const password = page.getByLabel('Contraseña', { exact: true });
  await password.fill('secreta');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  for (let attempt = 1; attempt <= 4; attempt++) {
    await login(page, 'usuario_inexistente', `mala-${attempt}`);
    await expect(page.getByText(`Intento ${attempt} de 5`)).toBeVisible();
    if (attempt < 3) await expect(page.getByText(/te quedan?/)).toHaveCount(0);
  }
  await expect(page.getByRole('alert').filter({ hasText: 'te queda 1 intento' })).toBeVisible();
  await login(page, 'usuario_inexistente', 'mala-5');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Acceso bloqueado: Demasiados intentos fallidos. Contacte al administrador principal.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acceder al Panel' })).toBeDisabled();
  await expect(page.getByLabel('Usuario')).toBeDisabled();
});

test('the super admin signs in and sees the real figures; refresh and logout work', async ({ page, db }) => {
  await openLogin(page);
  await login(page, 'velada_admin', SUPER_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page); // the menu's buttons work once React has hydrated them
  await expect(page.getByText('Administrador Principal').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen General' })).toBeVisible();

  const stats = await statistics(db);
  const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
  const card = (label: string) => page.locator('.panel__card').filter({ hasText: label }).locator('strong');
  await expect(card('Suscriptores')).toHaveText(new Intl.NumberFormat('es-AR').format(stats.totalSubscribers));
  await expect(card('Verificaciones pendientes')).toHaveText(String(stats.pendingVerifications));
  await expect(card('Ingresos del mes')).toHaveText(money.format(stats.monthlyRevenue));
  await expect(page.getByRole('status', { name: `${stats.pendingVerifications} verificaciones pendientes` })).toBeVisible();

  const payments = await db('payments').count({ n: '*' }).first();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + Math.min(5, Number(payments?.n)));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Datos actualizados')).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a partner without payment permissions sees no revenue and no payments', async ({ page, db }) => {
  await db('admin_users').where('username', 'socio_e2e').delete();
  await db('admin_users').insert({
    username: 'socio_e2e',
    full_name: 'Socio de Prueba',
    password_hash: await hashPassword('clave-socio-e2e-1'),
    is_master: false,
    permissions: JSON.stringify(['view_subscribers']),
    active: true,
    created_at: new Date(),
  });
  await openLogin(page);
  await login(page, 'socio_e2e', 'clave-socio-e2e-1');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page); // the menu's buttons work once React has hydrated them
  await expect(page.getByText('Administrador', { exact: true })).toBeVisible();
  await expect(page.locator('.panel__card').filter({ hasText: 'Suscriptores' })).toBeVisible();
  await expect(page.locator('.panel__card').filter({ hasText: 'Ingresos' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Actividad reciente' })).toHaveCount(0);
});

test('Suscriptores: filter, accent-blind search, review documents, approve and reject (with a reason)', async ({ page, db }) => {
  // Other tests submit verifications meanwhile: the counts checked are those of the list the server sent, and the
  // subscribers reviewed are demo ones with documents.
  const subscribersAnswer = (r: Response) => new URL(r.url()).pathname === '/api/admin/subscribers';
  const loaded = page.waitForResponse(subscribersAnswer);
  await openLogin(page);
  await login(page, 'velada_admin', SUPER_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page); // the menu's buttons work once React has hydrated them
  const subscribers = (await (await loaded).json()) as Subscriber[];
  const withDocuments = new Set<number>(
    await db('verification_requests as v')
      .join('identity_documents as d', 'd.request_id', 'v.id')
      .where('v.status', 'pending')
      .pluck('v.advertiser_id'),
  );
  const allPending = subscribers.filter((s) => s.verificationStatus === 'pending');
  const pending = allPending.filter((s) => withDocuments.has(s.id));
  expect(pending.length).toBeGreaterThanOrEqual(2);
  const menu = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button', { name: `Suscriptores ${allPending.length} pendientes` })).toBeVisible();
  await menu.getByRole('button', { name: /^Suscriptores/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suscriptores' })).toBeVisible();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(subscribers.length);

  await page.getByLabel('Estado').selectOption('pending');
  await expect(rows).toHaveCount(allPending.length);
  await expect(page.getByText(`${allPending.length} suscriptores`)).toBeVisible();

  // The search ignores case and accents: 'RIOS' finds 'Camila Ríos'.
  const target = pending[0]!;
  const word = target.fullName.split(' ')[1]!.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  await page.getByLabel('Buscar por nombre, email o DNI').fill(word);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('rowheader')).toHaveText(target.fullName);
  await rows
    .first()
    .getByRole('button', { name: `Revisar a ${target.fullName}` })
    .click();
  const review = page.getByRole('dialog', { name: `Verificación de ${target.fullName}` });
  // The documents, decrypted for staff; each view goes to the audit log.
  const documents = review.getByRole('img');
  await expect(documents.first()).toBeVisible();
  // Loaded and decoded: the server answered with a real picture (visible alone only means laid out).
  await expect.poll(() => documents.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect
    .poll(async () => Number((await db('audit_log').where('action', 'identity_document_viewed').count({ n: '*' }).first())?.n))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  const reloaded = page.waitForResponse(subscribersAnswer);
  await review.getByRole('button', { name: 'Aprobar verificación' }).click();
  await expect(page.getByText('Verificación aprobada')).toBeVisible();
  await expect(rows).toHaveCount(0); // no longer pending
  expect((await db('advertisers').where('id', target.id).first()).verification_status).toBe('verified');
  const after = ((await (await reloaded).json()) as Subscriber[]).filter((s) => s.verificationStatus === 'pending');
  expect(after.map((s) => s.id)).not.toContain(target.id);
  await expect(menu.getByRole('button', { name: `Suscriptores ${after.length} pendientes` })).toBeVisible();

  const second = pending[1]!;
  await page.getByLabel('Buscar por nombre, email o DNI').fill(second.email.toUpperCase());
  await rows
    .first()
    .getByRole('button', { name: `Revisar a ${second.fullName}` })
    .click();
  const secondReview = page.getByRole('dialog', { name: `Verificación de ${second.fullName}` });
  await secondReview.getByRole('button', { name: 'Rechazar' }).click();
  await secondReview.getByRole('button', { name: 'Confirmar rechazo' }).click();
  await expect(secondReview.getByText('Escribí el motivo del rechazo: el anunciante lo va a ver.')).toBeVisible();
  await secondReview.getByLabel('Motivo del rechazo (lo ve el anunciante)').fill('La foto del DNI no se lee.');
  await secondReview.getByRole('button', { name: 'Confirmar rechazo' }).click();
  await expect(page.getByText('Verificación rechazada')).toBeVisible();
  expect((await db('advertisers').where('id', second.id).first()).verification_status).toBe('rejected');
  expect(await db('verification_requests').where('advertiser_id', second.id).orderBy('id', 'desc').first()).toMatchObject({
    status: 'rejected',
    reason: 'La foto del DNI no se lee.',
  });

  await page.getByLabel('Estado').selectOption('all');
  await page.getByLabel('Buscar por nombre, email o DNI').fill('ningún nombre así');
  await expect(page.getByText('No hay suscriptores que coincidan.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a partner who may only view subscribers sees them without actions, and no payment sections', async ({ page, db }) => {
  await db('admin_users').where('username', 'lector_e2e').delete();
  await db('admin_users').insert({
    username: 'lector_e2e',
    full_name: 'Lector de Prueba',
    password_hash: await hashPassword('clave-lector-e2e-1'),
    is_master: false,
    permissions: JSON.stringify(['view_subscribers']),
    active: true,
    created_at: new Date(),
  });
  await openLogin(page);
  await login(page, 'lector_e2e', 'clave-lector-e2e-1');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page); // the menu's buttons work once React has hydrated them
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('button', { name: /^Suscriptores/ })
    .click();
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Revisar/ })).toHaveCount(0);
  // On a phone the table scrolls inside its own region, which the keyboard can reach; the page does not widen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Tabla de suscriptores' })).toHaveAttribute('tabindex', '0');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  // The menu collapses and opens again.
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toBeHidden();
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toBeVisible();
});

// --- Every section, as the super admin and as a partner -------------------------------------------------

test('Pagos: processing needs a destination account, completes the payment once, and exports the visible rows', async ({ page, db }) => {
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Pagos');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(Number((await db('payments').count({ n: '*' }).first())?.n));
  await page.getByLabel('Estado').selectOption('pending');
  const pending = await db('payments')
    .where('status', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select('id', 'reference', 'amount');
  await expect(rows).toHaveCount(pending.length);

  const csv = await exportCsv(page);
  expect(csv.bom).toBe(true);
  expect(csv.name).toMatch(/^velada-pagos-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.rows[0]).toEqual(['Fecha', 'Anunciante', 'Descripción', 'Referencia', 'Medio', 'Estado', 'Monto (ARS)', 'Cuenta de destino']);
  expect(csv.rows.slice(1).map((r) => r[3])).toEqual(pending.map((p) => p.reference));
  expect(csv.rows.slice(1).every((r) => r[5] === 'Pendiente')).toBe(true);

  const target = pending[0]!;
  await page.getByRole('button', { name: `Procesar el pago ${target.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Procesar pago' });
  await expect(dialog).toBeVisible();
  const active = await db('bank_accounts').where('active', true).first();
  const account = dialog.getByLabel('Cuenta bancaria de destino');
  await expect(account).toHaveValue(String(active.id)); // the active account comes preselected
  await expectNoSeriousA11yViolations(page);
  await account.selectOption('');
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Seleccione una cuenta bancaria de destino');
  await expect(account).toBeFocused();
  expect((await db('payments').where('id', target.id).first()).status).toBe('pending');

  await account.selectOption(String(active.id));
  await dialog.getByLabel('Notas (opcional)').fill('Acreditado el mismo día');
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(toast(page, 'Pago procesado')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(pending.length - 1);
  expect(await db('payments').where('id', target.id).first()).toMatchObject({
    status: 'completed',
    bank_account_id: active.id,
    notes: 'Acreditado el mismo día',
  });

  // A failed call shows the error toast (the seed ignored it) and changes nothing on screen.
  const next = pending[1]!;
  await page.route('**/api/admin/payments/*/process', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'already_processed', message: 'Ese pago ya fue procesado.' } }),
    }),
  );
  await page.getByRole('button', { name: `Procesar el pago ${next.reference}` }).click();
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(toast(page, 'No se pudo procesar el pago')).toContainText('Ese pago ya fue procesado.');
  await page.unroute('**/api/admin/payments/*/process');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(pending.length - 1);
});

test('Cuentas Bancarias: the add form follows the seed rules, refuses a wrong CBU, and one account is active', async ({ page, db }) => {
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Cuentas Bancarias');
  const rows = page.getByRole('table').locator('tbody tr');
  const before = Number((await db('bank_accounts').count({ n: '*' }).first())?.n);
  await expect(rows).toHaveCount(before);
  const submit = page.getByRole('button', { name: 'Agregar cuenta' });
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('Tipo de cuenta')).toHaveValue('checking'); // Cuenta Corriente by default
  await page.getByLabel('Banco', { exact: true }).fill('Banco de Prueba S.A.');
  await expect(submit).toBeDisabled();
  const cbu = cbuFrom('0170099', String(Date.now()).slice(-13).padStart(13, '4'));
  const wrong = cbu.slice(0, 21) + String((Number(cbu[21]) + 1) % 10);
  await page.getByLabel('CBU (22 dígitos)').fill(wrong);
  await expect(submit).toBeEnabled();
  await page.getByLabel('Titular').fill('Velada Prueba S.R.L.');
  await page.getByLabel('Número de cuenta').fill('123-456/7');
  await page.getByLabel('Alias (opcional)').fill('corto');
  await submit.click();
  await expect(page.getByText('El CBU no es válido: revisá los dígitos verificadores.')).toBeVisible();
  await expect(page.getByText('El alias debe tener entre 6 y 20 caracteres')).toBeVisible();
  await expect(page.getByLabel('CBU (22 dígitos)')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  expect(Number((await db('bank_accounts').count({ n: '*' }).first())?.n)).toBe(before);

  await page.getByLabel('CBU (22 dígitos)').fill(cbu);
  await page.getByLabel('Alias (opcional)').fill('velada.prueba');
  await submit.click();
  await expect(toast(page, 'Cuenta agregada')).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  await expect(page.getByLabel('Banco', { exact: true })).toHaveValue('');
  const added = await db('bank_accounts').where('cbu', cbu).first();
  expect(added).toMatchObject({ bank_name: 'Banco de Prueba S.A.', alias: 'velada.prueba', account_type: 'checking' });

  const previous = await db('bank_accounts').where('active', true).first();
  await page.getByRole('button', { name: `Activar Banco de Prueba S.A. velada.prueba` }).click();
  await expect(toast(page, 'Cuenta activada')).toBeVisible();
  await expect(rows.filter({ hasText: 'Banco de Prueba S.A.' }).getByText('Activa', { exact: true })).toBeVisible();
  expect(await db('bank_accounts').where('active', true).pluck('id')).toEqual([added.id]);

  const csv = await exportCsv(page);
  expect(csv.rows).toHaveLength(before + 2);
  expect(csv.rows.find((r) => r[3] === cbu)?.[6]).toBe('sí');

  // Refusals from the server show the seed's error toasts, and nothing changes.
  await page.route('**/api/admin/bank-accounts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'forbidden', message: 'No tenés permiso para hacer esto.' } }),
        })
      : route.continue(),
  );
  await page.getByLabel('Banco', { exact: true }).fill('Banco Rechazado S.A.');
  await page.getByLabel('Titular').fill('Velada Prueba S.R.L.');
  await page.getByLabel('Número de cuenta').fill('999');
  await page.getByLabel('CBU (22 dígitos)').fill(cbuFrom('0150999', '1234567890123'));
  await submit.click();
  await expect(toast(page, 'Sin permisos')).toContainText('Solo el administrador principal puede agregar cuentas bancarias');
  await expect(page.getByLabel('Banco', { exact: true })).toHaveValue('Banco Rechazado S.A.');
  await page.route('**/api/admin/bank-accounts/*/activate', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'bank_account_not_found', message: 'La cuenta bancaria no existe.' } }),
    }),
  );
  await page.getByRole('button', { name: new RegExp(`^Activar ${previous.bank_name}`) }).click();
  await expect(toast(page, 'No se pudo activar la cuenta')).toContainText('La cuenta bancaria no existe.');
  expect(await db('bank_accounts').where('active', true).pluck('id')).toEqual([added.id]);
  await page.unrouteAll();

  // The demo's account is the active one again, for the other tests.
  await page.getByRole('button', { name: new RegExp(`^Activar ${previous.bank_name}`) }).click();
  await expect(toast(page, 'Cuenta activada')).toBeVisible();
  expect(await db('bank_accounts').where('active', true).pluck('id')).toEqual([previous.id]);
});

test('Administradores: a new partner gets exactly the ticked permissions, can be disabled, and gets a new password', async ({
  page,
  db,
  browser,
}) => {
  await db('admin_users').where('username', 'cobranzas_e2e').delete();
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Administradores');
  await page.getByRole('button', { name: 'Crear socio' }).click();
  await expect(page.getByText('El usuario debe tener entre 3 y 32 caracteres')).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toBeFocused();

  await page.getByLabel('Usuario', { exact: true }).fill('cobranzas_e2e');
  await page.getByLabel('Nombre completo').fill('Cobranzas de Prueba');
  await page.getByRole('button', { name: 'Generar' }).click();
  const password = await page.getByLabel('Contraseña inicial').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  const permissions = page.getByRole('group', { name: 'Permisos' });
  await expect(permissions.getByRole('checkbox')).toHaveCount(6);
  await permissions.getByLabel('Ver pagos').check();
  await permissions.getByLabel('Procesar pagos').check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Crear socio' }).click();
  await expect(toast(page, 'Administrador creado')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'se muestra una sola vez' })).toContainText(password);
  const created = await db('admin_users').where('username', 'cobranzas_e2e').first();
  expect(JSON.parse(created.permissions)).toEqual(['view_payments', 'process_payments']);
  await expect(page.getByRole('row', { name: /cobranzas_e2e/ })).toContainText('Ver pagos, Procesar pagos');

  // The partner sees the payment sections the permissions allow and nothing reserved to the super admin.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signIn(partner, 'cobranzas_e2e', password);
  const menu = partner.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button')).toHaveText(['Resumen General', 'Pagos', 'Analytics', 'Configuración']);
  await openSection(partner, 'Pagos');
  await expect(partner.getByRole('button', { name: /^Procesar/ }).first()).toBeVisible();

  await page
    .getByRole('row', { name: /cobranzas_e2e/ })
    .getByRole('button', { name: 'Desactivar a cobranzas_e2e' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Desactivar administrador' });
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(toast(page, 'Administrador desactivado')).toBeVisible();
  await expect(page.getByRole('row', { name: /cobranzas_e2e/ })).toContainText('Desactivado');
  // Its open session ended: the next call sends it back to the login.
  await partner.getByRole('button', { name: 'Actualizar' }).click();
  await expect(partner).toHaveURL(/\/admin\/login$/);
  await partnerContext.close();

  await page.getByRole('button', { name: 'Activar a cobranzas_e2e' }).click();
  await expect(toast(page, 'Administrador activado')).toBeVisible();
  await page.getByRole('button', { name: 'Restablecer contraseña de cobranzas_e2e' }).click();
  await page.getByRole('dialog', { name: 'Restablecer contraseña' }).getByRole('button', { name: 'Restablecer' }).click();
  await expect(toast(page, 'Contraseña restablecida')).toBeVisible();
  const handover = page.getByRole('status').filter({ hasText: 'se muestra una sola vez' });
  const fresh = (await handover.locator('code').textContent())!;
  expect(fresh).not.toBe(password);
  expect(await verifyPassword(fresh, (await db('admin_users').where('id', created.id).first()).password_hash)).toBe(true);
  await handover.getByRole('button', { name: 'Listo' }).click();
  await expect(handover).toBeHidden();

  const csv = await exportCsv(page);
  expect(csv.rows[0]).toEqual(['Usuario', 'Nombre', 'Rol', 'Permisos', 'Estado', 'Alta']);
  expect(csv.rows.find((r) => r[0] === 'cobranzas_e2e')?.[3]).toBe('Ver pagos, Procesar pagos');
});

test('Analytics, Configuración and Registro de actividad: the summary and chart, prices saved, the log filtered', async ({ page, db }) => {
  // Some visits of today, so the section has rows to draw. Other tests' visits may land meanwhile: what is
  // checked is that the section shows exactly the summary the server sent.
  const at = Date.now() - 60_000;
  await persistAnalytics(
    db,
    ['/', '/buscar', '/masajes'].map((pagePath, i) => ({
      kind: 'pageview' as const,
      at: new Date(at + i),
      visitorId: '00000000-0000-4000-8000-00000000e2e1',
      sessionId: '00000000-0000-4000-8000-00000000e2e2',
      pagePath,
      pageTitle: `Prueba ${pagePath}`,
      referrerHost: null,
      source: 'direct',
      medium: 'none',
      campaign: null,
      deviceType: 'mobile' as const,
      browser: 'Firefox',
      screen: '390x844',
    })),
  );
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/analytics/summary'));
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  const summary = (await (await answer).json()) as AnalyticsSummary;
  await openSection(page, 'Analytics');
  const figure = (label: string) => page.locator('.panel__card').filter({ hasText: label }).locator('strong');
  const count = new Intl.NumberFormat('es-AR');
  await expect(figure('Visitantes únicos hoy')).toHaveText(count.format(summary.uniqueVisitorsToday));
  await expect(figure('Páginas vistas hoy')).toHaveText(count.format(summary.pageViewsToday));
  await expect(figure('Páginas vistas (30 días)')).toHaveText(count.format(summary.pageViews30Days));
  await expect(figure('Visitantes únicos (30 días)')).toHaveText(count.format(summary.uniqueVisitors30Days));
  const chart = page.getByRole('img', { name: /Gráfico de páginas vistas por día/ });
  await expect(chart.locator('rect')).toHaveCount(30);
  const busiest = summary.daily.reduce((max, d) => Math.max(max, d.pageViews), 0);
  if (busiest > 0) await expect(page.locator('figcaption')).toContainText(`el día de más tráfico tuvo ${count.format(busiest)}`);
  await page.getByText('Ver los datos por día').click();
  const days = page.getByRole('region', { name: 'Tabla de páginas vistas por día' }).locator('tbody tr');
  await expect(days).toHaveCount(30);
  await expect(days.last().locator('td').first()).toHaveText(count.format(summary.daily[29]!.pageViews));
  const ranking = (title: string) => page.locator('.panel__ranking').filter({ has: page.getByRole('heading', { name: title }) });
  for (const [title, rows] of [
    ['Páginas más vistas', summary.topPages.length],
    ['Fuentes de tráfico', summary.trafficSources.length],
    ['Dispositivos', summary.devices.length],
    ['Navegadores', summary.browsers.length],
  ] as const) {
    if (rows > 0) await expect(ranking(title).locator('tbody tr')).toHaveCount(rows);
    else await expect(ranking(title)).toContainText('Sin datos en los últimos 30 días.');
  }
  for (const browser of summary.browsers)
    await expect(ranking('Navegadores').getByRole('row', { name: new RegExp(browser.browser) })).toContainText(count.format(browser.count));
  await expectNoSeriousA11yViolations(page);
  const csv = await exportCsv(page);
  expect(csv.rows[0]).toEqual(['Día', 'Páginas vistas', 'Visitantes únicos', 'Visitas']);
  expect(csv.rows.slice(1).map((r) => Number(r[1]))).toEqual(summary.daily.map((d) => d.pageViews));

  // Configuración: prices saved here are what the public plans page shows.
  await openSection(page, 'Configuración');
  const premium = page.getByLabel('Premium');
  await expect(premium).toHaveValue('15000');
  await premium.fill('15 mil');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('El precio Premium debe ser un número entero de pesos')).toBeVisible();
  await premium.fill('16500');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, 'Configuración guardada')).toBeVisible();
  try {
    const plans = await page.context().newPage();
    await asReturningVisitor(plans);
    await plans.goto('/aumentar-visibilidad');
    await expect(plans.locator('#premium .plan__price strong')).toHaveText('$\u00a016.500');
    await plans.close();
  } finally {
    await premium.fill('15000');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Configuración guardada')).toContainText('Premium $\u00a015.000');
  }
  expect((await db('settings').where('key', 'price_premium').first()).value).toBe('15000');

  // Registro de actividad: the saves above are there; the filter narrows to one action. The unfiltered list
  // answers late, after the filtered one: the filtered list must stay.
  await page.route('**/api/admin/audit-log?limit=200', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const lateAnswer = page.waitForResponse((r) => r.url().endsWith('/api/admin/audit-log?limit=200'));
  await openSection(page, 'Registro de actividad');
  await page.getByLabel('Acción').selectOption('settings_saved');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toContainText('Configuración guardada');
  const saved = Number((await db('audit_log').where('action', 'settings_saved').count({ n: '*' }).first())?.n);
  await expect(rows).toHaveCount(saved);
  await lateAnswer;
  await page.waitForTimeout(500); // the time a stale answer would take to reach the table
  await expect(rows).toHaveCount(saved);
  await page.unroute('**/api/admin/audit-log?limit=200');
  await expectNoSeriousA11yViolations(page);
  const log = await exportCsv(page);
  expect(log.rows.slice(1).every((r) => r[2] === 'Configuración guardada')).toBe(true);
  expect(log.rows).toHaveLength(saved + 1);

  // 'Actualizar' reports a failure when the server does not answer well.
  await page.route('**/api/admin/statistics', (route) => route.fulfill({ status: 500, body: 'Error' }));
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(toast(page, 'No se pudieron actualizar los datos')).toBeVisible();
});

test('a partner sees only its sections: prices read-only, no payments, no super-admin sections, and the server refuses them', async ({
  page,
  db,
}) => {
  await db('admin_users').where('username', 'verificadora_e2e').delete();
  await db('admin_users').insert({
    username: 'verificadora_e2e',
    full_name: 'Verificadora de Prueba',
    password_hash: await hashPassword('clave-verificadora-1'),
    is_master: false,
    permissions: JSON.stringify(['view_subscribers', 'manage_verifications']),
    active: true,
    created_at: new Date(),
  });
  await signIn(page, 'verificadora_e2e', 'clave-verificadora-1');
  const menu = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button')).toHaveText(['Resumen General', /^Suscriptores/, 'Analytics', 'Configuración']);

  // A section named in the address that this admin may not open stays closed.
  await page.goto('/admin/dashboard#cuentas');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen General' })).toBeVisible();

  await openSection(page, 'Configuración');
  await expect(page.getByLabel('Premium')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
  await expect(page.getByText('Solo el administrador principal puede cambiar los precios.')).toBeVisible();
  await openSection(page, 'Analytics');
  await expectNoSeriousA11yViolations(page);

  const statuses = await page.evaluate(async () => {
    const get = (path: string) => fetch(`/api/admin/${path}`).then((r) => r.status);
    const put = await fetch('/api/admin/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"pricePremium":1,"priceVip":1}',
    });
    return [await get('payments'), await get('bank-accounts'), await get('administrators'), await get('audit-log'), put.status];
  });
  expect(statuses).toEqual([403, 403, 403, 403, 403]);
  expect((await db('settings').where('key', 'price_premium').first()).value).toBe('15000');
  const refusals = await db('audit_log').where({ action: 'forbidden', username: 'verificadora_e2e' }).count({ n: '*' }).first();
  expect(Number(refusals?.n)).toBe(5);

  // On a phone the menu starts closed; choosing a section closes it and moves focus to the section's title.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForHydration(page);
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menú' }).click();
  await menu.getByRole('button', { name: /^Suscriptores/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Suscriptores' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

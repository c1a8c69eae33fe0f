// The staff panel as staff use it: the login with its failure counter, the overview with real figures, the
// refresh and logout, and Suscriptores with its reviews, as the super admin and as partners (payments and staff
// accounts: admin-payments.spec.ts; analytics, settings and the activity log: admin-settings.spec.ts). One test
// at a time: the per-IP login limit is shared by all of them.
import type { Response } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, localStorageOf, waitForHydration } from './fixtures.ts';
import { expectEveryColumnInView, expectRowsAsCards, login, openLogin, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { statistics } from '#db/queries/admin/statistics.ts';
import type { Subscriber } from '#db/queries/admin/subscribers.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';

test.describe.configure({ mode: 'serial' });

test('the dashboard sends visitors without a session to the login', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the panel has its own plain layout: none of the visitors' overlays, header or footer", async ({ page }) => {
  // A first visit from a fresh browser: on a public page the age gate and the cookie banner would show, and the
  // app-download dialog would follow a cookie choice after 1.5 s. The page's clock is moved past that (and the timers
  // due meanwhile run), then a frame drawn: whatever those would show is in the page by then.
  await page.clock.install();
  await openLogin(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page.getByRole('banner')).toContainText('Velada · Panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await page.clock.runFor(2000);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await expect(page.locator('.age-gate')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Usamos cookies.' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Publique su aviso aquí' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await localStorageOf(page)).not.toHaveProperty('visitSessions');

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
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen general' })).toBeVisible();

  const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
  const card = (label: string) => page.locator('.panel__card').filter({ hasText: label }).locator('strong');
  // Other tests running meanwhile may add a subscriber or a verification between the page's figures and ours: the
  // figures are refreshed ('Actualizar') and compared again until both were read with nothing in between.
  let attempts = 0;
  await expect(async () => {
    if (attempts++ > 0) await page.getByRole('button', { name: 'Actualizar' }).click();
    const stats = await statistics(db);
    await expect(card('Suscriptores')).toHaveText(new Intl.NumberFormat('es-AR').format(stats.totalSubscribers), { timeout: 1000 });
    await expect(card('Verificaciones pendientes')).toHaveText(String(stats.pendingVerifications), { timeout: 1000 });
    await expect(card('Ingresos del mes')).toHaveText(money.format(stats.monthlyRevenue), { timeout: 1000 });
    await expect(page.getByRole('status', { name: `${stats.pendingVerifications} verificaciones pendientes` })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000, intervals: [500] });

  const payments = await db('payments').count({ n: '*' }).first();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + Math.min(5, Number(payments?.n)));
  await expectNoSeriousA11yViolations(page);
  // Actividad reciente: every column (Medio, Estado and Monto too) in view on a computer; each payment a card on a phone.
  await expectEveryColumnInView(page, 'Tabla de los últimos pagos');
  await expectRowsAsCards(page, 'Tabla de los últimos pagos');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Datos actualizados')).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a partner without payment permissions sees no revenue and no payments', async ({ page, db }) => {
  await db('admin_users').where('username', 'socio_e2e').delete();
  await insertAdministrator(db, {
    username: 'socio_e2e',
    fullName: 'Socio de Prueba',
    passwordHash: await hashPassword('clave-socio-e2e-1'),
    permissions: ['view_subscribers'],
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
  // Demo subscribers only (tooling/seeds/panel-demo.ts): another test's subscriber may be reviewed or resubmit meanwhile.
  const pending = allPending.filter((s) => withDocuments.has(s.id) && /^verificacion\d+@velada\.invalid$/.test(s.email));
  expect(pending.length).toBeGreaterThanOrEqual(2);
  const menu = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button', { name: `Suscriptores ${allPending.length} pendientes` })).toBeVisible();
  await menu.getByRole('button', { name: /^Suscriptores/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suscriptores' })).toBeVisible();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(subscribers.length);
  // With the actions column, every column in view on a computer (the name never scrolls away); cards on a phone.
  await expectEveryColumnInView(page, 'Tabla de suscriptores');
  await expectRowsAsCards(page, 'Tabla de suscriptores');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Estado').selectOption('pending');
  await expect(rows).toHaveCount(allPending.length);
  await expect(page.getByText(`${allPending.length} suscriptores`)).toBeVisible();

  // The search ignores case and accents: 'RIOS' finds 'Camila Ríos'.
  const target = pending[0]!;
  const word = target.fullName.split(' ')[1]!.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  await page.getByLabel('Buscar por nombre, email o últimos dígitos del DNI').fill(word);
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
  const listed = (await (await reloaded).json()) as Subscriber[];
  expect(listed.find((s) => s.id === target.id)?.verificationStatus).toBe('verified');
  const after = listed.filter((s) => s.verificationStatus === 'pending');
  expect(after.map((s) => s.id)).not.toContain(target.id);
  await expect(menu.getByRole('button', { name: `Suscriptores ${after.length} pendientes` })).toBeVisible();

  const second = pending[1]!;
  await page.getByLabel('Buscar por nombre, email o últimos dígitos del DNI').fill(second.email.toUpperCase());
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

  await page.getByLabel('Estado').selectOption('all');
  await expect(rows.filter({ hasText: second.fullName })).toContainText('Rechazado');
  await page.getByLabel('Buscar por nombre, email o últimos dígitos del DNI').fill('ningún nombre así');
  await expect(page.getByText('No hay suscriptores que coincidan.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a partner who may only view subscribers sees them without actions, and no payment sections', async ({ page, db }) => {
  await db('admin_users').where('username', 'lector_e2e').delete();
  await insertAdministrator(db, {
    username: 'lector_e2e',
    fullName: 'Lector de Prueba',
    passwordHash: await hashPassword('clave-lector-e2e-1'),
    permissions: ['view_subscribers'],
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
  // On a phone each subscriber is a card; the page does not widen.
  await expectRowsAsCards(page, 'Tabla de suscriptores');
  await expectNoSeriousA11yViolations(page);

  // The menu collapses and opens again.
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toBeHidden();
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toBeVisible();
});

// --- Every section, as the super admin and as a partner -------------------------------------------------

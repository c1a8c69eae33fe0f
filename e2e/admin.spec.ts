// The staff panel as staff use it: the login with its failure counter, the overview with real figures, the
// refresh and logout, and a partner who sees no payment data. Runs one test at a time: the per-IP login limit
// is shared by all of them.
import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';
import { statistics } from '../db/queries/admin/statistics.ts';
import { listSubscribers } from '../db/queries/admin/subscribers.ts';
import { hashPassword } from '../api/services/passwords.ts';

test.describe.configure({ mode: 'serial' });

const SUPER_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

async function openLogin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await waitForHydration(page);
}

async function login(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder al Panel' }).click();
}

test('the dashboard sends visitors without a session to the login', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
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
  await expect(page.getByRole('alert').filter({ hasText: 'Acceso bloqueado: Demasiados intentos fallidos. Contacte al administrador principal.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acceder al Panel' })).toBeDisabled();
  await expect(page.getByLabel('Usuario')).toBeDisabled();
});

test('the super admin signs in and sees the real figures; refresh and logout work', async ({ page, db }) => {
  await openLogin(page);
  await login(page, 'velada_admin', SUPER_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
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
  await expect(page.getByText('Administrador', { exact: true })).toBeVisible();
  await expect(page.locator('.panel__card').filter({ hasText: 'Suscriptores' })).toBeVisible();
  await expect(page.locator('.panel__card').filter({ hasText: 'Ingresos' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Actividad reciente' })).toHaveCount(0);
});

test('Suscriptores: filter, accent-blind search, approve and reject pending verifications', async ({ page, db }) => {
  await openLogin(page);
  await login(page, 'velada_admin', SUPER_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const pending = (await listSubscribers(db)).filter((s) => s.verificationStatus === 'pending');
  expect(pending.length).toBeGreaterThanOrEqual(2);
  const menu = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button', { name: `Suscriptores ${pending.length} pendientes` })).toBeVisible();
  await menu.getByRole('button', { name: /^Suscriptores/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suscriptores' })).toBeVisible();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount((await listSubscribers(db)).length);

  await page.getByLabel('Estado').selectOption('pending');
  await expect(rows).toHaveCount(pending.length);
  await expect(page.getByText(`${pending.length} suscriptores`)).toBeVisible();

  // The search ignores case and accents: 'RIOS' finds 'Camila Ríos'.
  const target = pending[0]!;
  const word = target.fullName.split(' ')[1]!.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  await page.getByLabel('Buscar por nombre, email o DNI').fill(word);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('rowheader')).toHaveText(target.fullName);
  await rows.first().getByRole('button', { name: `Aprobar a ${target.fullName}` }).click();
  await expect(page.getByText('Verificación aprobada')).toBeVisible();
  await expect(rows).toHaveCount(0); // no longer pending
  expect((await db('advertisers').where('id', target.id).first()).verification_status).toBe('verified');
  await expect(menu.getByRole('button', { name: `Suscriptores ${pending.length - 1} pendientes` })).toBeVisible();

  const second = pending[1]!;
  await page.getByLabel('Buscar por nombre, email o DNI').fill(second.email.toUpperCase());
  await rows.first().getByRole('button', { name: `Rechazar a ${second.fullName}` }).click();
  await expect(page.getByText('Verificación rechazada')).toBeVisible();
  expect((await db('advertisers').where('id', second.id).first()).verification_status).toBe('rejected');

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
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('button', { name: /^Suscriptores/ }).click();
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Aprobar/ })).toHaveCount(0);
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

import crypto from 'node:crypto';
// The panel's Estadísticas de visitas, Configuración and Registro de actividad, and what a partner may see of them. Runs in the
// 'panel' project, after the site's tests (the price change is seen by the public plans page).
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';
import { exportCsv, openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { persistAnalytics } from '#db/queries/analytics-ingest.ts';
import type { AnalyticsSummary } from '#db/queries/analytics-summary.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';

test.describe.configure({ mode: 'serial' });
test('Estadísticas de visitas, Configuración and Registro de actividad: the summary and chart, prices saved, the log filtered', async ({
  page,
  db,
}) => {
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
  await openSection(page, 'Estadísticas de visitas');
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

  // Registro de actividad: the saves above are there; the filter narrows to one action. The unfiltered list
  // answers late, once the filtered one is shown: the filtered list must stay.
  let answerLate!: () => void;
  const filteredShown = new Promise<void>((resolve) => (answerLate = resolve));
  await page.route('**/api/admin/audit-log?limit=200', async (route) => {
    await filteredShown;
    await route.continue();
  });
  const lateRequest = page.waitForRequest((r) => r.url().endsWith('/api/admin/audit-log?limit=200'));
  const lateAnswer = page.waitForResponse((r) => r.url().endsWith('/api/admin/audit-log?limit=200'));
  await openSection(page, 'Registro de actividad');
  await lateRequest; // asked for before the filter (held by the route above)
  await page.getByLabel('Acción').selectOption('settings_saved');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toContainText('Configuración guardada');
  const saved = Number((await db('audit_log').where('action', 'settings_saved').count({ n: '*' }).first())?.n);
  await expect(rows).toHaveCount(saved);
  answerLate();
  // The stale answer read whole by the page, then a task and a frame for its handler and a render to run.
  await (await lateAnswer).finished();
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve))));
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
  browser,
  db,
}) => {
  // A name of its own, so that the refusals the log lists below are this run's only.
  const username = `verificadora_${crypto.randomBytes(3).toString('hex')}`;
  await insertAdministrator(db, {
    username,
    fullName: 'Verificadora de Prueba',
    passwordHash: await hashPassword('clave-verificadora-1'),
    permissions: ['view_subscribers', 'manage_verifications'],
  });
  await signIn(page, username, 'clave-verificadora-1');
  const menu = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(menu.getByRole('button')).toHaveText([
    'Resumen general',
    /^Suscriptores/,
    /^Fotos reales/,
    'Estadísticas de visitas',
    'Configuración',
    'Seguridad',
  ]);

  // A section named in the address that this admin may not open stays closed.
  await page.goto('/admin/dashboard#cuentas');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen general' })).toBeVisible();

  await openSection(page, 'Configuración');
  await expect(page.getByLabel('Premium')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
  await expect(page.getByText('Solo el administrador principal puede cambiar los precios.')).toBeVisible();
  await openSection(page, 'Estadísticas de visitas');
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
  // The refused save changed nothing: the public plans page still shows the price.
  const plans = await page.context().newPage();
  await asReturningVisitor(plans);
  await plans.goto('/aumentar-visibilidad');
  await expect(plans.locator('#premium .plan__price strong')).toHaveText('$\u00a015.000');
  await plans.close();
  // Each refusal is in the super admin's Registro de actividad, under this partner's name.
  const superContext = await browser.newContext({ locale: 'es-AR' });
  const superAdmin = await superContext.newPage();
  await signIn(superAdmin, 'velada_admin', SUPER_PASSWORD);
  await openSection(superAdmin, 'Registro de actividad');
  await superAdmin.getByLabel('Acción').selectOption('forbidden');
  await superAdmin.getByLabel('Usuario').fill(username);
  await superAdmin.getByRole('button', { name: 'Filtrar' }).click();
  const denied = superAdmin.getByRole('table').locator('tbody tr');
  await expect(denied).toHaveCount(5);
  await expect(denied.filter({ hasText: 'Acceso denegado' })).toHaveCount(5);
  await superContext.close();

  // On a phone the menu starts closed; choosing a section closes it and moves focus to the section's title,
  // also when the section's data is still on its way (here held back until the section is chosen).
  let releaseSubscribers = () => {};
  const subscribersHeld = new Promise<void>((resolve) => (releaseSubscribers = resolve));
  await page.route('**/api/admin/subscribers', async (route) => {
    await subscribersHeld;
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForHydration(page);
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menú' }).click();
  await menu.getByRole('button', { name: /^Suscriptores/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByText('Cargando…')).toBeVisible();
  releaseSubscribers();
  await expect(page.getByRole('heading', { level: 1, name: 'Suscriptores' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// Alertas de seguridad (docs/decisions/040-alertas.md): a verified advertiser reports an incident against a number,
// staff approve it in the panel, and another verified advertiser's lookup of the same number (written another way)
// shows it without saying who reported; an advertiser not yet verified is told what to do.
import { test, expect, expectNoSeriousA11yViolations, insertVerifiedAdvertiser, signInAsAdvertiser, waitForHydration } from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { hashPassword } from '#api/services/passwords.ts';

test('a verified advertiser reports a number, staff approve it, and another advertiser’s lookup shows it', async ({
  page,
  browser,
  db,
}) => {
  // Three people in three browsers, each signing in: longer than one page's test.
  test.setTimeout(120_000);
  // A number no other test reports: the minutes of the day make it new on every run against the same database.
  const suffix = String(1000 + (Date.now() % 9000)).padStart(4, '0');
  const number = `11 4990-${suffix}`;
  const description = `Pidió una transferencia por adelantado y no se presentó (${suffix}).`;

  const reporter = await insertVerifiedAdvertiser(db, { fullName: 'Renata Reportante' });
  await signInAsAdvertiser(page, reporter);
  await page.getByRole('link', { name: 'Alertas de seguridad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas de seguridad' })).toBeVisible();
  await expect(page.getByText('Todavía no reportaste ningún incidente.')).toBeVisible();
  // The form checks its fields in the browser: a click before the island hydrates would submit it natively.
  await waitForHydration(page);

  const report = page.getByRole('region', { name: 'Reportar un incidente' });
  await report.getByRole('button', { name: 'Enviar el reporte' }).click();
  await expect(report.getByText('Escribí el número, o pegá su enlace de WhatsApp.')).toBeVisible();
  await expect(report.getByText('Elegí qué pasó.')).toBeVisible();
  await expect(report.getByLabel('Teléfono o enlace de WhatsApp')).toBeFocused();
  await report.getByLabel('Teléfono o enlace de WhatsApp').fill(`https://wa.me/54911${number.slice(3).replace('-', '')}`);
  await report.getByLabel('Estafa').check();
  await report.getByLabel(/^Qué pasó, en pocas palabras/).fill(description);
  await expectNoSeriousA11yViolations(page);
  await report.getByRole('button', { name: 'Enviar el reporte' }).click();
  await expect(report.getByRole('status')).toContainText('Recibimos tu reporte.');
  const own = page.getByRole('region', { name: 'Mis reportes' });
  await expect(own.getByRole('listitem').filter({ hasText: description })).toContainText('En revisión');
  await page.screenshot({ path: test.info().outputPath('alertas-reporte.png'), fullPage: true });

  // The stored row holds no digit of the number.
  const row = await db('safety_alerts').where('description', description).first();
  expect(JSON.stringify({ ...row, phone_hash: null })).not.toContain(number.slice(3).replace('-', ''));

  // Staff approve it in the panel, seeing who reported.
  const staffContext = await browser.newContext({ locale: 'es-AR' });
  const staff = await staffContext.newPage();
  await signIn(staff, 'velada_admin', SUPER_PASSWORD);
  await openSection(staff, 'Alertas de seguridad');
  const alertRow = staff.getByRole('row').filter({ hasText: description });
  await expect(alertRow).toContainText('Renata Reportante');
  await expect(alertRow).toContainText('Estafa');
  await expectNoSeriousA11yViolations(staff);
  await staff.screenshot({ path: test.info().outputPath('alertas-panel.png'), fullPage: true });
  await alertRow.getByRole('button', { name: /^Aprobar/ }).click();
  await expect(toast(staff, 'Alerta aprobada')).toBeVisible();
  await expect(alertRow).toHaveCount(0);
  // Someone asks about the number: staff find its alerts in any state, written another way.
  await staff.getByLabel('Buscar un número').fill(`+54 9 ${number}`);
  await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 2, name: 'Alertas de ese número' })).toBeVisible();
  const found = staff.getByRole('row').filter({ hasText: description });
  await expect(found).toContainText('Aprobada');
  await expect(found.getByRole('button', { name: /^Retirar/ })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.screenshot({ path: test.info().outputPath('alertas-panel-numero.png'), fullPage: true });
  await staffContext.close();

  // Another verified advertiser looks the number up, written as a local mobile.
  const readerContext = await browser.newContext({ locale: 'es-AR' });
  const reader = await readerContext.newPage();
  const other = await insertVerifiedAdvertiser(db, { fullName: 'Olga Consultante' });
  await signInAsAdvertiser(reader, other, '/mi-cuenta/alertas');
  await waitForHydration(reader);
  const lookup = reader.getByRole('region', { name: '¿Este número tiene alertas?' });
  await lookup.getByLabel('Teléfono o enlace de WhatsApp').fill(`011 15-${number.slice(3)}`);
  await lookup.getByRole('button', { name: 'Consultar' }).click();
  const answer = lookup.getByRole('status');
  await expect(answer).toContainText('Este número tiene 1 alerta aprobada en los últimos 12 meses.');
  await expect(answer.getByRole('listitem').filter({ hasText: 'Estafa: 1' })).toBeVisible();
  await expect(answer).toContainText('La más reciente: hoy');
  await expect(answer).toContainText(description);
  await expect(answer).not.toContainText('Renata');
  await expectNoSeriousA11yViolations(reader);
  await reader.screenshot({ path: test.info().outputPath('alertas-consulta.png'), fullPage: true });

  // A number without alerts does not promise safety.
  await lookup.getByLabel('Teléfono o enlace de WhatsApp').fill('11 4991-0000');
  await lookup.getByRole('button', { name: 'Consultar' }).click();
  await expect(answer).toContainText('Sin alertas aprobadas en los últimos 12 meses.');
  await expect(answer).toContainText('Eso no garantiza que sea seguro');
  await readerContext.close();

  // The reporter sees it approved.
  await page.reload();
  await expect(own.getByRole('listitem').filter({ hasText: description })).toContainText('Aprobada');
});

test('an advertiser whose identity is not verified is told what to do', async ({ page, db }) => {
  const now = new Date();
  const password = 'clave-sin-verificar-1';
  const email = `sinverificar.${Date.now()}@ejemplo.com`;
  await db('advertisers').insert({
    email,
    full_name: 'Sara Sin Verificar',
    password_hash: await hashPassword(password),
    verification_status: 'unverified',
    birth_date: '1994-03-10',
    email_confirmed_at: now,
    created_at: now,
    updated_at: now,
  });
  await signInAsAdvertiser(page, { email, password }, '/mi-cuenta/alertas');
  await expect(page.getByRole('heading', { level: 2, name: 'Solo con la identidad verificada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verificar mi identidad' })).toHaveAttribute('href', '/mi-cuenta/verificacion');
  await expect(page.getByRole('button', { name: 'Consultar' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('alertas-sin-verificar.png'), fullPage: true });
});

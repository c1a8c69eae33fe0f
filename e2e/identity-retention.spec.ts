// What the advertiser is told about their identity documents after the decision (docs/decisions/066-identity-
// retention-and-dni-masking.md): the day they will be deleted, then the day they were; and the privacy policy's
// retention, at a phone's and a desktop's width.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, waitForHydration } from './fixtures.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { formatLongDate } from '#shared/format.ts';

test('Mi cuenta says when the identity documents will be deleted, and afterwards when they were', async ({ page, db }) => {
  test.setTimeout(120_000); // two axe runs and two reloads
  const now = new Date();
  const email = `documentos.${Date.now()}@ejemplo.com`;
  const [row] = await db('advertisers')
    .insert({
      email,
      full_name: 'Dana Documentos',
      password_hash: await hashPassword('clave-de-dana-1'),
      verification_status: 'rejected',
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const advertiserId = typeof row === 'object' ? row.id : row;
  const decidedAt = new Date(now.getTime() - 2 * 86_400_000);
  await db('verification_requests').insert({
    advertiser_id: advertiserId,
    method: 'manual',
    full_name: 'Dana Documentos',
    birth_date: '1991-05-06',
    status: 'rejected',
    reason: 'La foto del dorso no se lee.',
    submitted_at: new Date(decidedAt.getTime() - 86_400_000),
    decided_at: decidedAt,
  });

  await asReturningVisitor(page);
  await page.goto('/ingresar?volver=/mi-cuenta');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-de-dana-1');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/mi-cuenta');
  const section = page.getByRole('region', { name: 'Verificación de identidad' });
  const deleteBy = new Date(decidedAt.getTime() + 7 * 86_400_000 + 3_600_000);
  await expect(section).toContainText(`Tus documentos se borrarán el ${formatLongDate(deleteBy)}.`);
  await expectNoSeriousA11yViolations(page);

  const purgedAt = new Date(decidedAt.getTime() + 7 * 86_400_000);
  await db('verification_requests').where('advertiser_id', advertiserId).update({ documents_purged_at: purgedAt });
  for (const [width, name] of [
    [390, 'telefono'],
    [1280, 'escritorio'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(section).toContainText(`Tus documentos se borraron el ${formatLongDate(purgedAt)}.`);
    await expect(section).toContainText('Motivo: La foto del dorso no se lee.');
    await section.screenshot({ path: test.info().outputPath(`documentos-${name}.png`) });
  }
  await expectNoSeriousA11yViolations(page);
});

test('the privacy policy gives 7 days for documents and selfies, and the date of its last change', async ({ page }) => {
  test.setTimeout(120_000); // a long page, looked at twice
  await asReturningVisitor(page);
  await page.goto('/politicas-privacidad');
  await expect(page.getByText('Última actualización: 28 de noviembre de 2026')).toBeVisible();
  const table = page.getByRole('table', { name: 'Cuánto tiempo guardamos cada tipo de dato' });
  await expect(table.getByRole('row', { name: /Fotos del DNI y selfie con el DNI/ })).toContainText('7 días desde la decisión');
  await expect(table.getByRole('row', { name: /Selfie de la verificación de fotos/ })).toContainText('7 días desde la decisión');
  await expect(page.getByText('el equipo ve tu número de DNI enmascarado')).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await table.screenshot({ path: test.info().outputPath(`privacidad-${width}.png`) });
  }
  await expectNoSeriousA11yViolations(page);
});

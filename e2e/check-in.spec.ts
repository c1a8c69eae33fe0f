// The check-in timer as an advertiser uses it before a meeting: from the account, the form's errors, starting a
// timer (its contact told at once), the time left, extending it and checking in, which deletes it.
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  insertVerifiedAdvertiser,
  signInAsAdvertiser,
  waitForHydration,
  serverDataDir,
} from './fixtures.ts';
import fs from 'node:fs';
import path from 'node:path';

test('an advertiser starts a timer, sees the time left, extends it and checks in', async ({ page, db }) => {
  const who = await insertVerifiedAdvertiser(db, { fullName: 'Julieta Prueba' });
  const contact = `contacto.${Date.now()}@ejemplo.com`;
  await signInAsAdvertiser(page, who);
  await page.getByRole('link', { name: 'Aviso de seguridad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de seguridad' })).toBeVisible();
  await page.waitForURL('**/mi-cuenta/check-in');
  await waitForHydration(page);

  // Sent empty: the first wrong field is pointed out and focused.
  await page.getByRole('button', { name: 'Empezar' }).click();
  await expect(page.getByLabel('Email de tu contacto de confianza')).toBeFocused();
  await expect(page.getByText('Escribí el email de tu contacto de confianza.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email de tu contacto de confianza').fill(contact);
  await expect(page.getByLabel('Cómo te conoce tu contacto (va en el correo)')).toHaveValue('Julieta');
  await page.getByLabel('Otra duración').check();
  await page.getByLabel('Horas', { exact: true }).selectOption('1');
  await page.getByLabel('Minutos', { exact: true }).selectOption('30');
  await page.getByLabel('Mensaje para tu contacto si no confirmás a tiempo').fill('Estoy en un café de Palermo, cerca de Plaza Serrano.');
  await page.screenshot({ path: test.info().outputPath('check-in-formulario.png'), fullPage: true });
  await page.getByRole('button', { name: 'Empezar' }).click();

  await expect(page.getByRole('heading', { name: 'Aviso en marcha' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`le escribimos a ${contact}`);
  await expect(page.getByRole('timer')).toContainText(/Faltan 1 h (29|30) min/);
  const row = await db('check_ins').where('advertiser_id', who.id).first();
  expect(row).toMatchObject({ contact_email: contact, shown_name: 'Julieta', extensions: 0 });
  // The contact's notice is in the outbox.
  const outbox = path.join(serverDataDir(), 'outbox');
  await expect
    .poll(() => fs.readdirSync(outbox).some((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(`To: ${contact}`)))
    .toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('check-in-en-marcha.png'), fullPage: true });

  await page.getByRole('button', { name: 'Extender 30 minutos' }).click();
  await expect(page.getByRole('status')).toContainText('Extendiste el aviso 30 minutos');
  await expect(page.getByRole('timer')).toContainText(/Faltan 1 h 59 min|Faltan 2 h/);
  await expect(page.getByText('Podés extenderlo 3 veces más.')).toBeVisible();

  // A reload shows the same timer (it lives on the server).
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Aviso en marcha' })).toBeVisible();

  await page.getByRole('button', { name: 'Estoy bien' }).click();
  await expect(page.getByRole('status')).toContainText('tu contacto no recibe nada');
  await expect(page.getByRole('button', { name: 'Empezar' })).toBeVisible();
  expect(await db('check_ins').where('advertiser_id', who.id)).toHaveLength(0);
  await page.screenshot({ path: test.info().outputPath('check-in-terminado.png'), fullPage: true });
});

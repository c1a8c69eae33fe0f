// Advertiser accounts as a new advertiser uses them: register (with the form's errors), confirm by the mailed
// link, sign in, the account page, sign out, and a forgotten password. Mail goes to the server's outbox.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, linkFromLatestMail, waitForHydration } from './fixtures.ts';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

test.describe.configure({ mode: 'serial' });

const email = `anunciante.${Date.now()}@ejemplo.com`;
const password = 'clave-de-prueba-1';

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

async function signIn(page: Page, address: string, secret: string): Promise<void> {
  await page.goto('/ingresar');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Contraseña', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

test('a new advertiser registers, fixing the errors the form points out, and is asked to confirm the email', async ({ page }) => {
  await page.goto('/mi-cuenta');
  await expect(page).toHaveURL(/\/ingresar\?volver=%2Fmi-cuenta$|\/ingresar\?volver=\/mi-cuenta$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingresá a tu cuenta' })).toBeVisible();
  await page.getByRole('button', { name: 'Creá una' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creá tu cuenta de anunciante' })).toBeVisible();

  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByLabel('Nombre y apellido')).toBeFocused();
  await expect(page.getByText('Escribí tu nombre y apellido.')).toBeVisible();
  await expect(page.getByText('Para crear la cuenta tenés que ser mayor de 18 años y aceptar los términos.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Nombre y apellido').fill('Valentina Prueba');
  await page.getByLabel('Email').fill(email);
  const secret = page.getByLabel('Contraseña', { exact: true });
  await secret.fill(password);
  await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(secret).toHaveAttribute('type', 'text');
  await page.getByLabel(/Tengo 18 años o más/).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisá tu correo' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);

  // The same email again is refused next to its field.
  await page.goto('/ingresar?crear=1');
  await waitForHydration(page);
  await page.getByLabel('Nombre y apellido').fill('Otra Persona');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-123');
  await page.getByLabel(/Tengo 18 años o más/).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Ya hay una cuenta con ese email. Ingresá o recuperá tu contraseña.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('signing in before confirming offers a new mail; the mailed link confirms, a second click says so, then the advertiser signs in', async ({
  page,
}) => {
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Confirmá tu email con el enlace que te enviamos antes de ingresar.');
  await page.getByRole('button', { name: 'Reenviar el correo de confirmación' }).click();
  await expect(page.getByText('Te enviamos otro correo.')).toBeVisible();

  const link = await linkFromLatestMail(email);
  expect(link).toMatch(/^\/confirmar-email\?token=[\w-]{43}$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: '¡Tu email está confirmado!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A second click on the same link: the address is confirmed, and the page says so.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu email ya estaba confirmado' })).toBeVisible();
  await page.goto('/confirmar-email?token=' + 'x'.repeat(43));
  await expect(page.getByRole('heading', { level: 1, name: 'No pudimos confirmar tu email' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('El enlace no es válido o ya se usó.');

  await signIn(page, email, 'una-clave-equivocada');
  await expect(page.getByRole('alert')).toHaveText('Email o contraseña incorrectos.');
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).toHaveURL(/\/mi-cuenta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByText('Valentina Prueba')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Todavía no verificaste tu identidad.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Signed in, the sign-in page goes straight on; signing out ends the session.
  await page.goto('/ingresar');
  await expect(page).toHaveURL(/\/mi-cuenta$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/mi-cuenta');
  await expect(page).toHaveURL(/\/ingresar/);
});

test('a forgotten password: the mailed link sets a new one, which then signs in', async ({ page }) => {
  await page.goto('/ingresar');
  await waitForHydration(page);
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperá tu contraseña' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByRole('status')).toContainText(`Si hay una cuenta con ${email}, te enviamos un enlace.`);

  const link = await linkFromLatestMail(email);
  expect(link).toMatch(/^\/restablecer-clave\?token=/);
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel('Contraseña nueva').fill('clave-nueva-123');
  await page.getByLabel('Repetí la contraseña').fill('clave-distinta-123');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Repetí la contraseña').fill('clave-nueva-123');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('Listo: tu contraseña cambió y cerramos las sesiones abiertas.')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('El enlace no es válido o ya se usó.');

  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toHaveText('Email o contraseña incorrectos.');
  await signIn(page, email, 'clave-nueva-123');
  await expect(page).toHaveURL(/\/mi-cuenta$/);
});

test('on a phone the account link stays in the header as an icon with its name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const account = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Mi cuenta' });
  await expect(account).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Buscar' })).toBeHidden();
  // Down to the smallest phones, the header fits: the page never scrolls sideways.
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
  }
  await expect(page.getByRole('link', { name: 'Velada, inicio' })).toBeVisible();
});

test('verifying the identity from the account: the steps, a draft kept across a reload, errors next to fields, then the review', async ({
  page,
  db,
}) => {
  await signIn(page, email, 'clave-nueva-123');
  await expect(page).toHaveURL(/\/mi-cuenta$/);
  await page.getByRole('link', { name: 'Verificar mi identidad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verificá tu identidad' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Elegí un método de verificación para continuar.')).toBeVisible();
  await page.getByLabel(/Revisión manual/).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Identidad', exact: true })).toBeVisible();
  await page.getByLabel('Nombre y apellido (como en el DNI)').fill('Valentina Prueba Real');

  // A reload keeps the step and what was typed (not the files).
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('Nombre y apellido (como en el DNI)')).toHaveValue('Valentina Prueba Real');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByLabel(/Revisión manual/)).toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();

  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#5a7' } })
    .jpeg()
    .toBuffer();
  const under18 = new Date();
  under18.setFullYear(under18.getFullYear() - 17);
  await page.getByLabel('Fecha de nacimiento').fill(under18.toISOString().slice(0, 10));
  await page.getByLabel('Frente del DNI').setInputFiles({ name: 'frente.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByLabel('Dorso del DNI').setInputFiles({ name: 'dorso.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByRole('button', { name: 'Enviar para Revisión' }).click();
  await expect(page.getByText('Falta la selfie sosteniendo tu DNI.')).toBeVisible();
  await page.getByLabel('Selfie sosteniendo tu DNI').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByRole('button', { name: 'Enviar para Revisión' }).click();
  // The server refuses a minor, next to the date, and records nothing.
  await expect(page.getByText('Tenés que ser mayor de 18 años para publicar en Velada.')).toBeVisible();
  await expect(page.getByLabel('Fecha de nacimiento')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Corrected, it is received (had the refused one been kept, this would be refused as already pending).
  await page.getByLabel('Fecha de nacimiento').fill('1995-06-15');
  await page.getByRole('button', { name: 'Enviar para Revisión' }).click();
  await expect(page.getByRole('status')).toContainText('Recibimos tu verificación. El equipo la revisa en 24 a 48 horas');
  const advertiser = await db('advertisers').where('email', email).first();
  await page.getByRole('link', { name: 'Volver a mi cuenta' }).click();
  await expect(page.getByText('Tu verificación está en revisión.')).toBeVisible();

  // Rejected by staff with a reason: the account shows it and offers to send again.
  await db('verification_requests')
    .where('advertiser_id', advertiser.id)
    .update({ status: 'rejected', reason: 'La foto del dorso está cortada.', decided_at: new Date() });
  await db('advertisers').where('id', advertiser.id).update({ verification_status: 'rejected' });
  await page.reload();
  await expect(page.getByText('Motivo: La foto del dorso está cortada.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enviar la verificación de nuevo' })).toBeVisible();
});

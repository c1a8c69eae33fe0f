// Mail preferences as an advertiser reaches them (decision 035): staff reject an ad in the panel, the mail in the
// server's outbox ends with a link that opens the preferences without signing in, and the advertiser turns the expiry
// notices off; a tampered link changes nothing; signed in, the account leads to the same choices. Rejecting a pending
// ad changes no public page, so this runs with the site's tests.
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  linksFromLatestMail,
  waitForHydration,
  insertVerifiedAdvertiser,
} from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';

test('an advertiser opens the preferences link of a mail, turns the expiry notices off, and finds the choice in the account', async ({
  page,
  browser,
  db,
}) => {
  const now = new Date();
  const carla = await insertVerifiedAdvertiser(db, { fullName: 'Carla Correos' });
  const { email, id: advertiserId } = carla;
  const title = `Correos: aviso para revisar ${Date.now()}`;
  await db('ads').insert({
    advertiser_id: advertiserId,
    slug: 'aviso-de-carla',
    title,
    description: 'Una descripción neutral del aviso de Carla para las pruebas.',
    category: 'masajes',
    zona: 'caba',
    barrio: 'almagro',
    state: 'pending',
    plan: 'gratuito',
    requested_plan: 'gratuito',
    submitted_at: now,
    created_at: now,
    updated_at: now,
  });

  // Staff reject the ad: the advertiser is mailed the reason.
  await signIn(page, 'velada_admin', SUPER_PASSWORD);
  await openSection(page, 'Anuncios');
  await page
    .locator('.panel__ad')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .getByRole('button', { name: /^Rechazar/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar el anuncio' });
  await dialog.getByLabel('Motivo (lo ve el anunciante)').fill('Falta una foto que muestre a la anunciante.');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(toast(page, 'Anuncio rechazado')).toBeVisible();
  const links = await linksFromLatestMail(email);
  const preferencesLinks = links.filter((link) => link.startsWith('/preferencias-de-correo?token='));
  expect(preferencesLinks).toHaveLength(1);
  expect(links.at(-1)).toBe(preferencesLinks[0]);

  // In another browser, signed in nowhere: the mail's link.
  const mailbox = await browser.newContext({ locale: 'es-AR' });
  const advertiser = await mailbox.newPage();
  await asReturningVisitor(advertiser);
  const opened = await advertiser.goto(preferencesLinks[0]!);
  expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
  await waitForHydration(advertiser);
  await expect(advertiser.getByRole('heading', { level: 1, name: 'Correos de Velada' })).toBeVisible();
  const expiry = advertiser.getByRole('checkbox', { name: /Vencimiento de tu anuncio/ });
  const published = advertiser.getByRole('checkbox', { name: /Anuncio publicado/ });
  await expect(expiry).toBeChecked();
  await expect(published).toBeChecked();
  await expect(advertiser.getByText('Anuncio rechazado o dado de baja por el equipo, con el motivo')).toBeVisible();
  await expectNoSeriousA11yViolations(advertiser);

  await expiry.uncheck();
  await advertiser.getByRole('button', { name: 'Guardar mis preferencias' }).click();
  const confirmation = advertiser.getByRole('status').filter({ hasText: 'Listo: guardamos tus preferencias.' });
  await expect(confirmation).toContainText('Vas a recibir: «Anuncio publicado».');
  await expect(confirmation).toContainText('Ya no vas a recibir: «Vencimiento de tu anuncio».');
  await expectNoSeriousA11yViolations(advertiser);
  await advertiser.reload();
  await waitForHydration(advertiser);
  await expect(expiry).not.toBeChecked();

  // A tampered link: a clear message, and nothing to change.
  const tampered = preferencesLinks[0]!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  const refused = await advertiser.goto(tampered);
  expect(refused!.status()).toBe(400);
  await expect(advertiser.getByRole('heading', { level: 1, name: 'No pudimos abrir tus preferencias' })).toBeVisible();
  await expect(advertiser.getByRole('alert')).toContainText('El enlace no es válido');
  await expect(advertiser.getByRole('checkbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(advertiser);

  // Signed in, the account leads to the same choices; turning the notices back on.
  await advertiser.getByRole('link', { name: 'Ingresar a mi cuenta' }).click();
  await expect(advertiser).toHaveURL(/\/ingresar\?volver=(%2F|\/)mi-cuenta(%2F|\/)correos$/);
  await waitForHydration(advertiser);
  await advertiser.getByLabel('Email').fill(email);
  await advertiser.getByLabel('Contraseña', { exact: true }).fill(carla.password);
  await advertiser.getByRole('button', { name: 'Ingresar', exact: true }).click();
  // Back where the link led, now signed in.
  await expect(advertiser).toHaveURL((url) => url.pathname === '/mi-cuenta/correos');
  await expect(expiry).not.toBeChecked();
  await advertiser.goto('/mi-cuenta');
  await advertiser.getByRole('link', { name: 'Elegir qué correos recibo' }).click();
  await expect(advertiser).toHaveURL((url) => url.pathname === '/mi-cuenta/correos');
  await waitForHydration(advertiser);
  await expect(expiry).not.toBeChecked();
  await expiry.check();
  await advertiser.getByRole('button', { name: 'Guardar mis preferencias' }).click();
  await expect(advertiser.getByRole('status').filter({ hasText: 'Listo: guardamos tus preferencias.' })).toContainText(
    'Vas a recibir: «Anuncio publicado», «Vencimiento de tu anuncio».',
  );
  await advertiser.reload();
  await waitForHydration(advertiser);
  await expect(expiry).toBeChecked();
  await mailbox.close();
});

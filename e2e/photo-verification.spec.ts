// "Fotos reales" in the browser: an advertiser asks to verify the photos of a published ad and sends a selfie with
// the gesture and the ad's code; staff compare it with each photo and verify them; the ad's page shows the badge
// since that day; a new photo (approved by staff as any edit) takes the badge away. The badge says how old the check
// is, in Mi cuenta (with its end, 90 days after) and on the ad's page, where the browser counts the days again from the
// check's date (a cached page does not show yesterday's age; decision 067). It changes which ads are public, so it runs
// in its own server group, after the search tests.
import sharp from 'sharp';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  waitForHydration,
  insertVerifiedAdvertiser,
  serverDataDir,
  signInAsAdvertiser,
} from './fixtures.ts';
import { openSection, signIn, SUPER_PASSWORD, toast } from './admin-helpers.ts';
import { storeAdImage } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { gestureLabel, formatShortDate, photosVerifiedUntil } from '#shared/photo-verification.ts';
import { insertAdPhoto } from '#tooling/factories/index.ts';

/** A neutral generated picture (no people): a colour field with a few shapes and, for the selfie, the code. */
const picture = (colour: string, text = '') =>
  sharp({ create: { width: 640, height: 800, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800"><circle cx="320" cy="300" r="140" fill="#e8d9c5"/>` +
            `<rect x="170" y="520" width="300" height="160" fill="#fff"/><text x="320" y="625" font-size="72" text-anchor="middle" fill="#222">${text}</text></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

test('an advertiser verifies the photos of an ad; staff check each one; the badge shows, and goes at a new photo', async ({
  page,
  browser,
  db,
}) => {
  // Three people (advertiser, staff, visitor), four axe runs and an edit: about 30 s alone, 90 s or more on a busy machine.
  test.setTimeout(180_000);
  const now = new Date();
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Flor Fotos Reales', birthDate: '1994-03-10' });
  const { email, id: advertiserId } = advertiser;
  const title = `Flor, masajes relajantes ${Date.now()}`;
  const [adRow] = await db('ads')
    .insert({
      advertiser_id: advertiserId,
      slug: 'flor-masajes-relajantes',
      title,
      description: 'Masajes relajantes en un ambiente tranquilo. Atiendo con turno previo.',
      category: 'masajes',
      zona: 'caba',
      barrio: 'boedo',
      phone: '+5491155550123',
      state: 'published',
      plan: 'gratuito',
      requested_plan: 'gratuito',
      published_at: now,
      expires_at: new Date(now.getTime() + 20 * 86_400_000),
      search_text: 'flor masajes relajantes boedo',
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const adId = typeof adRow === 'object' ? adRow.id : adRow;
  // Two photos already stored, as an approved ad has them.
  const store = diskStore(serverDataDir());
  for (const colour of ['#6a5acd', '#2e8b57']) {
    const stored = await storeAdImage(store, await picture(colour));
    await insertAdPhoto(db, adId, { fileKey: stored.key, width: stored.width, height: stored.height, alt: title });
  }
  const adPath = `/anuncio/flor-masajes-relajantes-${adId}`;

  // The advertiser, from the account: 'Verificar fotos', then the gesture and the code.
  await asReturningVisitor(page);
  await page.goto('/ingresar?volver=/mi-cuenta');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(advertiser.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/mi-cuenta');
  await waitForHydration(page);
  await page.getByRole('link', { name: `Verificar fotos de «${title}»` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verificar fotos' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText('Tu anuncio todavía no muestra «Fotos reales».')).toBeVisible();
  await expect(page.getByText('Sin verificar')).toHaveCount(2);
  await page.getByRole('button', { name: 'Empezar la verificación' }).dblclick();
  const request = page.getByRole('region', { name: 'Tu selfie de verificación' });
  await expect(request).toBeVisible();
  const stored = await db('photo_verification_requests').where('ad_id', adId);
  expect(stored).toHaveLength(1); // the double click opened one request
  await expect(request.locator('.photo-verification__code')).toHaveText(String(adId));
  await expect(request.locator('.photo-verification__gesture')).toHaveText(gestureLabel(stored[0].gesture));
  await expectNoSeriousA11yViolations(page);

  // A file that is not an image is refused next to the field; then the selfie goes.
  const selfie = page.getByLabel('Selfie con el gesto y el código');
  await selfie.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
  await page.getByRole('button', { name: 'Enviar la selfie' }).click();
  await expect(page.getByText('La selfie tiene que ser una imagen JPG, PNG o WebP.')).toBeVisible();
  await selfie.setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await picture('#8b7d6b', String(adId)) });
  await page.getByRole('button', { name: 'Enviar la selfie' }).click();
  await expect(page.getByText('Recibimos tu selfie.')).toBeVisible();
  await expect(page.getByText('Pendiente de revisión.')).toBeVisible();
  // Beside it, the median wait of the last 7 days' photo checks (decision 065; none may have been decided yet).
  await expect(page.locator('.usual-wait')).toHaveText(/^Espera habitual: (\d|menos|sin datos)/);

  // Staff: the queue, the selfie beside each photo with the gesture and the code; each photo verified.
  const staffContext = await browser.newContext({ locale: 'es-AR' });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, 'velada_admin', SUPER_PASSWORD);
  await openSection(staffPage, 'Fotos reales');
  const item = staffPage.locator('.panel__ad').filter({ has: staffPage.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: /^Revisar/ }).click();
  const dialog = staffPage.getByRole('dialog', { name: `Fotos de «${title}»` });
  await expect(dialog.locator('.panel__code')).toHaveText(String(adId));
  await expect(dialog).toContainText(gestureLabel(stored[0].gesture));
  const selfieImage = dialog.getByRole('img', { name: 'Selfie de verificación de Flor Fotos Reales' });
  await expect(selfieImage).toBeVisible();
  await expect.poll(() => selfieImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Closing without marking every photo says what is missing.
  await dialog.getByRole('button', { name: 'Cerrar la verificación' }).click();
  await expect(dialog.getByText('Marcá si esta foto está verificada o no.')).toHaveCount(2);
  await expectNoSeriousA11yViolations(staffPage);
  for (const n of [1, 2])
    await dialog
      .getByRole('group', { name: new RegExp(`^Foto ${n}`) })
      .getByLabel('Verificada', { exact: true })
      .check();
  await dialog.getByRole('button', { name: 'Cerrar la verificación' }).click();
  await expect(toast(staffPage, 'Fotos verificadas')).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(
    await db('audit_log')
      .where({ action: 'photo_selfie_viewed', target_id: String(stored[0].id) })
      .first(),
  ).toBeDefined();

  // A visitor sees the badge on the ad's page, with its date.
  const verifiedAt = (await db('ads').where('id', adId).first()).photos_verified_at;
  const visitorContext = await browser.newContext({ locale: 'es-AR' });
  const visitor = await visitorContext.newPage();
  await asReturningVisitor(visitor);
  await visitor.goto(adPath);
  const badges = visitor.locator('.ad__info').getByRole('list', { name: 'Distintivos' });
  await expect(badges).toContainText('Fotos reales · verificadas hoy');
  await expect(badges.getByText('Fotos reales · verificadas hoy')).toHaveAttribute('data-verified-at', new Date(verifiedAt).toISOString());
  await expectNoSeriousA11yViolations(visitor);

  // The advertiser adds a photo: not checked, so the badge goes; staff approve the edit as any other.
  await page.goto(`/mi-cuenta/anuncios/${adId}`);
  await waitForHydration(page);
  await page.locator('#ad-photo').setInputFiles({ name: 'nueva.jpg', mimeType: 'image/jpeg', buffer: await picture('#cd853f') });
  await page.getByRole('button', { name: 'Guardar y enviar a revisión' }).click();
  await expect(page.getByText('Guardamos los cambios.')).toBeVisible();
  const changed = await db('ads').where('id', adId).first();
  expect(changed).toMatchObject({ state: 'pending', photos_verified_at: null });
  expect(Boolean(changed.photos_verified)).toBe(false);
  await page.goto(`/mi-cuenta/anuncios/${adId}/verificar-fotos`);
  await expect(page.getByText('Tu anuncio todavía no muestra «Fotos reales».')).toBeVisible();
  await expect(page.getByText('Sin verificar')).toHaveCount(1);

  await openSection(staffPage, 'Anuncios');
  await staffPage
    .locator('.panel__ad')
    .filter({ has: staffPage.getByRole('heading', { name: title }) })
    .getByRole('button', { name: /^Aprobar/ })
    .click();
  await expect(toast(staffPage, 'Anuncio aprobado')).toBeVisible();
  await visitor.goto(adPath);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('.ad__info').getByRole('list', { name: 'Distintivos' })).not.toContainText('Fotos reales');
  await staffContext.close();
  await visitorContext.close();
});

test('an advertiser sees how old the check of the photos is, and until when it holds; so does a visitor, counted today', async ({
  page,
  db,
}) => {
  // Four pages with axe and four screenshots: about 30 s alone, much more on a busy machine.
  test.setTimeout(180_000);
  const DAY = 86_400_000;
  const now = new Date();
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Luz Antigüedad', birthDate: '1992-08-21' });
  const title = `Luz, masajes descontracturantes ${Date.now()}`;
  const slug = 'luz-masajes-descontracturantes';
  // Checked 12 days ago, at noon in Buenos Aires: "hace 12 días" whatever the hour the test runs.
  const checkedAt = new Date(Date.parse(`${new Date(now.getTime() - 12 * DAY).toISOString().slice(0, 10)}T15:00:00Z`));
  const [adRow] = await db('ads')
    .insert({
      advertiser_id: advertiser.id,
      slug,
      title,
      description: 'Masajes descontracturantes con turno previo, en un ambiente tranquilo.',
      category: 'masajes',
      zona: 'caba',
      barrio: 'almagro',
      phone: '+5491155550456',
      state: 'published',
      plan: 'gratuito',
      requested_plan: 'gratuito',
      photos_verified: true,
      photos_verified_at: checkedAt,
      published_at: now,
      expires_at: new Date(now.getTime() + 20 * DAY),
      search_text: 'luz masajes descontracturantes almagro',
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const adId = typeof adRow === 'object' ? adRow.id : adRow;
  const stored = await storeAdImage(diskStore(serverDataDir()), await picture('#4682b4'));
  await insertAdPhoto(db, adId, { fileKey: stored.key, width: stored.width, height: stored.height, alt: title, verifiedAt: checkedAt });
  const until = formatShortDate(photosVerifiedUntil(checkedAt));

  await signInAsAdvertiser(page, advertiser);
  const item = page.locator('.account-ads__item').filter({ hasText: title });
  await expect(item).toContainText(`Fotos reales, verificadas hace 12 días (hasta el ${until})`);
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`mi-cuenta-fotos-reales-${width}.png`) });
  }
  await page.getByRole('link', { name: `Verificar fotos de «${title}»` }).click();
  await waitForHydration(page);
  await expect(
    page.getByText(`fotos verificadas hace 12 días, el ${formatShortDate(checkedAt)}. El distintivo vence el ${until}`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The ad's page, as rendered today and three days later: the page may come from the render cache, the age does not.
  const adPath = `/anuncio/${slug}-${adId}`;
  const badge = page.locator('.ad__info').getByRole('list', { name: 'Distintivos' }).locator('[data-verified-at]');
  await page.goto(adPath);
  await expect(badge).toHaveText('Fotos reales · verificadas hace 12 días');
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`aviso-fotos-reales-${width}.png`) });
  }
  await page.clock.install({ time: new Date(now.getTime() + 3 * DAY) });
  await page.goto(adPath);
  await expect(badge).toHaveText('Fotos reales · verificadas hace 15 días');
});

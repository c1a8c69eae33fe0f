// The publish flow as a new advertiser goes through it: the sign-in first, verification by RENAPER, the
// consent, the ad form with its errors and photos, then the ad waiting for review in the account. A verified
// advertiser goes straight to the form.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, linkFromLatestMail, waitForHydration } from './fixtures.ts';
import { hashPassword } from '#api/services/passwords.ts';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

const picture = (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function signInAt(page: Page, path: string, email: string, password: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

test('a new advertiser: account, RENAPER verification, consent, the ad with photos, and the ad in review', async ({ page }) => {
  const email = `publica.${Date.now()}@ejemplo.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Publique su aviso aquí' }).click();
  await expect(page).toHaveURL(/\/publicar-anuncio$/);
  await waitForHydration(page);
  await expect(page.getByText('Para publicar necesitás una cuenta')).toBeVisible();
  await page.getByRole('button', { name: 'Creá una' }).click();
  await page.getByLabel('Nombre y apellido').fill('Renata Publica');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-publica-1');
  await page.getByLabel(/Tengo 18 años o más/).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisá tu correo' })).toBeVisible();
  await page.goto(await linkFromLatestMail(email));
  await expect(page.getByRole('heading', { name: '¡Tu email está confirmado!' })).toBeVisible();

  await signInAt(page, '/ingresar?volver=/publicar-anuncio', email, 'clave-publica-1');
  await page.waitForURL((url) => url.pathname === '/publicar-anuncio'); // the sign-in's own address ends with it too
  await waitForHydration(page);
  const steps = page.getByRole('list', { name: 'Pasos para publicar' });
  await expect(steps.getByRole('listitem')).toHaveText(['1 Verificación e identidad', '2 Consentimiento', '3 Anuncio']);

  // Step 1: a method is required.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Elegí un método de verificación para continuar.')).toBeVisible();
  await page.getByLabel(/RENAPER/).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Step 2: the RENAPER form, still under the stepper's 1 (no "Paso 2" that the stepper does not show).
  await expect(page.getByRole('heading', { name: 'Identidad', exact: true })).toBeVisible();
  await expect(steps.getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('heading', { name: /^Paso/ })).toHaveCount(0);
  await page.getByLabel('Fecha de nacimiento').fill('1994-03-08');
  await page.getByLabel('Número de DNI').fill('38A12345');
  await page.getByLabel('Número de trámite').fill('00612345678');
  await page.getByLabel('Género (como en el DNI)').selectOption('F');
  await page
    .getByLabel('Selfie sosteniendo tu DNI')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await picture('#7a6') });
  await page.getByRole('button', { name: 'Completar Verificación' }).click();
  await expect(page.getByText('El DNI debe tener 7 u 8 números.')).toBeVisible();
  // Written with dots, as on the card: accepted, stored as its digits.
  await page.getByLabel('Número de DNI').fill('38.112.345');
  await page.getByRole('button', { name: 'Completar Verificación' }).click();

  // Step 3: the consent opens the form only when ticked; 'Volver atrás' goes back to the verification.
  await expect(page.getByRole('heading', { name: 'Consentimiento' })).toBeVisible();
  // The request waits for staff, as the verification's own answer says.
  expect(await (await page.request.get('/api/advertiser/verification')).json()).toMatchObject({
    verificationStatus: 'pending',
    latest: { method: 'renaper', status: 'pending' },
  });
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Volver atrás' }).click();
  await expect(page.getByRole('heading', { name: 'Verificación', exact: true })).toBeVisible();
  await page.goto('/publicar-anuncio'); // now pending: the flow starts at the consent
  await waitForHydration(page);
  await expect(steps.getByRole('listitem')).toHaveText(['1 Consentimiento', '2 Anuncio']);
  await page.getByRole('checkbox', { name: /Declaro que tengo 18 años o más/ }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 4: the form, its required fields and the photos.
  await expect(page.getByRole('heading', { name: 'Tu anuncio', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar Anuncio' }).click();
  await expect(page.getByLabel('Título *')).toBeFocused();
  await expect(page.getByText('El título debe tener al menos 5 caracteres.')).toBeVisible();
  await expect(page.getByText('Elegí una categoría.')).toBeVisible();
  await page.getByLabel('Título *').fill('Renata, masajes con piedras calientes');
  await page.getByLabel('Categoría *').selectOption('masajes');
  await page.getByLabel('Barrio').selectOption('almagro');
  await page.getByLabel('Descripción *').fill('Masajes con piedras calientes y aceites, en un ambiente tranquilo. Atiendo con turno.');
  await page.getByRole('group', { name: 'Servicios' }).getByLabel('Presencial').check();
  await page.getByLabel('Lugar propio, 1 hora', { exact: true }).fill('18000');
  await page.getByRole('group', { name: 'Días' }).getByLabel('Fines de semana').check();
  await page.getByRole('group', { name: 'Horarios' }).getByLabel('Tarde (12-18)').check();

  // The reload keeps the step and the fields (photos are picked again).
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('Título *')).toHaveValue('Renata, masajes con piedras calientes');
  await expect(page.getByRole('group', { name: 'Días' }).getByLabel('Fines de semana')).toBeChecked();

  const photos = page.locator('#ad-photo');
  await photos.setInputFiles([
    { name: 'uno.jpg', mimeType: 'image/jpeg', buffer: await picture('#a56') },
    { name: 'dos.jpg', mimeType: 'image/jpeg', buffer: await picture('#56a') },
    { name: 'tres.jpg', mimeType: 'image/jpeg', buffer: await picture('#5a6') },
    { name: 'cuatro.jpg', mimeType: 'image/jpeg', buffer: await picture('#aa5') },
  ]);
  // Gratuito allows 3: the fourth is refused at once.
  await expect(page.getByText('cuatro.jpg: tu plan permite hasta 3 fotos.')).toBeVisible();
  await photos.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
  await expect(page.getByText('notas.txt: no es una imagen JPG, PNG o WebP.')).toBeVisible();
  const chosen = page.getByRole('list', { name: /Fotos elegidas/ }).getByRole('listitem');
  await expect(chosen).toHaveCount(3);
  await page.getByRole('button', { name: 'Bajar la foto 1' }).click();
  await expect(chosen.first()).toContainText('dos.jpg (portada)');
  await page.getByRole('button', { name: 'Quitar la foto 3' }).click();
  await expect(chosen).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Publicar Anuncio' }).dblclick();
  await expect(page.getByText('¡Listo! Tu anuncio está en revisión.')).toBeVisible();

  // As the advertiser's account reads it back: one ad (the double click made one), in review, with its fields and
  // both photos in their order.
  const ads = (await (await page.request.get('/api/advertiser/ads')).json()) as { id: number }[];
  expect(ads).toHaveLength(1);
  expect(await (await page.request.get(`/api/advertiser/ads/${ads[0]!.id}`)).json()).toMatchObject({
    title: 'Renata, masajes con piedras calientes',
    category: 'masajes',
    barrio: 'almagro',
    pricePerHour: 18000,
    state: 'pending',
  });
  const saved = (await (await page.request.get(`/api/advertiser/ads/${ads[0]!.id}/photos`)).json()) as {
    photos: { position: number }[];
  };
  expect(saved.photos.map((p) => p.position)).toEqual([0, 1]);

  await page.getByRole('link', { name: 'Ir a mi cuenta' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Renata, masajes con piedras calientes' })).toContainText('En revisión');
});

test('registering from the publish flow: the mailed link, the confirmation and the sign-in lead back to it, plan kept', async ({
  page,
  context,
}) => {
  const email = `vuelve.${Date.now()}@ejemplo.com`;
  await page.goto('/publicar-anuncio?plan=vip');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Creá una' }).click();
  await page.getByLabel('Nombre y apellido').fill('Vera Vuelve');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-vuelve-1');
  await page.getByLabel(/Tengo 18 años o más/).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisá tu correo' })).toBeVisible();

  const link = await linkFromLatestMail(email);
  expect(link).toMatch(/^\/confirmar-email\?token=[\w-]{43}&volver=\/publicar-anuncio%3Fplan%3Dvip$/);
  // The mail opens in a tab of its own, as a mail client would open it.
  const tab = await context.newPage();
  await tab.goto(link);
  await expect(tab.getByRole('heading', { name: '¡Tu email está confirmado!' })).toBeVisible();
  await expect(tab.getByText('Ingresá a tu cuenta para seguir donde estabas.')).toBeVisible();
  await tab.getByRole('link', { name: 'Ingresar' }).click();
  await tab.waitForURL((url) => url.pathname === '/ingresar' && url.searchParams.get('volver') === '/publicar-anuncio?plan=vip');
  await waitForHydration(tab);
  await tab.getByLabel('Email').fill(email);
  await tab.getByLabel('Contraseña', { exact: true }).fill('clave-vuelve-1');
  await tab.getByRole('button', { name: 'Ingresar', exact: true }).click();

  await tab.waitForURL((url) => url.pathname === '/publicar-anuncio' && url.search === '?plan=vip');
  await waitForHydration(tab);
  await expect(tab.getByRole('list', { name: 'Pasos para publicar' }).getByRole('listitem')).toHaveText([
    '1 Verificación e identidad',
    '2 Consentimiento',
    '3 Anuncio',
  ]);
  await expect.poll(() => tab.evaluate(() => JSON.parse(sessionStorage.getItem('velada.publicar') ?? 'null')?.ad?.plan)).toBe('vip');
  await expectNoSeriousA11yViolations(tab);
});

test('a verified advertiser goes straight to the form', async ({ page, db }) => {
  const email = `verificada.${Date.now()}@ejemplo.com`;
  await db('advertisers').insert({
    email,
    full_name: 'Vera Verificada',
    password_hash: await hashPassword('clave-verificada-1'),
    verification_status: 'verified',
    email_confirmed_at: new Date(),
    created_at: new Date(),
    updated_at: new Date(),
  });
  await signInAt(page, '/ingresar?volver=/publicar-anuncio', email, 'clave-verificada-1');
  await page.waitForURL((url) => url.pathname === '/publicar-anuncio'); // the sign-in's own address ends with it too
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Tu anuncio', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pasos para publicar' }).getByRole('listitem')).toHaveText(['1 Anuncio']);
});

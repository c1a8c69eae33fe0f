// An advertiser's rights over their ads and data, in the browser: pause, renew and delete ads, download the data,
// delete the account. Runs in its own project after moderation: it changes which ads are public.
import { test, expect, asReturningVisitor, expectNoSeriousA11yViolations, serverDataDir, waitForHydration } from './fixtures.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertAdPhoto } from '#tooling/factories/index.ts';
import { copyAdImage } from '#api/services/image-store.ts';
import { openObjectStore } from '#api/services/object-store/object-store.ts';

test("the advertiser's account: pause, renew and delete ads, download the data, delete the account", async ({ page, db }) => {
  const now = new Date();
  const email = `cuenta.${Date.now()}@ejemplo.com`;
  const [row] = await db('advertisers')
    .insert({
      email,
      full_name: 'Clara Cuenta',
      password_hash: await hashPassword('clave-de-clara-1'),
      verification_status: 'verified',
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const advertiserId = typeof row === 'object' ? row.id : row;
  const ad = (title: string, state: string, daysLeft: number) => ({
    advertiser_id: advertiserId,
    slug: 'aviso-de-clara',
    title,
    description: 'Una descripción neutral del aviso de Clara para las pruebas.',
    category: 'masajes',
    zona: 'caba',
    barrio: 'flores',
    state,
    plan: 'gratuito',
    requested_plan: 'gratuito',
    published_at: now,
    expires_at: new Date(now.getTime() + daysLeft * 86_400_000),
    created_at: now,
    updated_at: now,
  });
  await db('ads').insert([
    ad('Clara: aviso por vencer', 'published', 2),
    ad('Clara: aviso vigente', 'published', 25),
    ad('Clara: aviso pausado', 'paused', 20),
  ]);
  // A cover for the ad in force: a picture the demo data stored.
  const current = await db('ads').where({ advertiser_id: advertiserId, title: 'Clara: aviso vigente' }).first('id', 'slug');
  const picture = await db('ad_images').orderBy('id').first('file_key');
  const store = openObjectStore({ dataDir: serverDataDir(), s3: undefined });
  await insertAdPhoto(db, current.id, { fileKey: await copyAdImage(store, picture.file_key), width: 400, height: 500 });

  await asReturningVisitor(page);
  await page.goto('/ingresar?volver=/mi-cuenta');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-de-clara-1');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/mi-cuenta'); // '/ingresar?volver=/mi-cuenta' ends with it too
  await waitForHydration(page);
  const item = (title: string) => page.locator('.account-ads li').filter({ hasText: title });
  await expect(item('Clara: aviso vigente')).toContainText('Publicado');
  await expect(item('Clara: aviso vigente').getByRole('button', { name: /^Renovar/ })).toHaveCount(0);
  // Each ad with its cover's thumbnail, and its public page while it is published.
  const cover = item('Clara: aviso vigente').locator('img.account-ads__cover');
  await expect(cover).toHaveAttribute('src', /^\/media\/ads\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(item('Clara: aviso vigente').getByRole('link', { name: 'Ver mi anuncio «Clara: aviso vigente»' })).toHaveAttribute(
    'href',
    `/anuncio/${current.slug}-${current.id}`,
  );
  await expect(item('Clara: aviso pausado').getByRole('link', { name: /^Ver mi anuncio/ })).toHaveCount(0);
  await expect(item('Clara: aviso pausado').locator('img')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await item('Clara: aviso vigente')
    .getByRole('button', { name: /^Pausar/ })
    .click();
  await expect(item('Clara: aviso vigente')).toContainText('Pausaste el anuncio.');
  await expect(item('Clara: aviso vigente').locator('.ad-state')).toHaveText('Pausado');
  await item('Clara: aviso por vencer')
    .getByRole('button', { name: /^Renovar/ })
    .click();
  await expect(item('Clara: aviso por vencer')).toContainText('Renovaste el anuncio por 30 días.');
  await item('Clara: aviso pausado')
    .getByRole('button', { name: /^Eliminar/ })
    .click();
  await item('Clara: aviso pausado')
    .getByRole('button', { name: /^Sí, eliminar/ })
    .click();
  await expect(page.getByText('Eliminaste «Clara: aviso pausado».')).toBeVisible();
  // As the account shows them after a reload: one paused, one still published, the deleted one gone.
  await page.reload();
  await waitForHydration(page);
  await expect(item('Clara: aviso pausado')).toHaveCount(0);
  await expect(item('Clara: aviso vigente').locator('.ad-state')).toHaveText('Pausado');
  await expect(item('Clara: aviso por vencer').locator('.ad-state')).toHaveText('Publicado');

  // Editing sends the ad back to review; another advertiser's ad is not found.
  await item('Clara: aviso por vencer')
    .getByRole('link', { name: /^Editar/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar tu anuncio' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByLabel('Título *')).toHaveValue('Clara: aviso por vencer');
  await expect(page.getByLabel('Barrio')).toHaveValue('flores');
  await page.getByLabel('Título *').fill('Clara: aviso editado');
  await page.getByRole('button', { name: 'Guardar y enviar a revisión' }).click();
  await expect(page.getByRole('status')).toContainText('Guardamos los cambios.');
  const stranger = await db('ads').whereNot('advertiser_id', advertiserId).first('id');
  expect((await page.goto(`/mi-cuenta/anuncios/${stranger.id}`))?.status()).toBe(404);
  await page.goto('/mi-cuenta');
  await waitForHydration(page);
  await expect(item('Clara: aviso editado').locator('.ad-state')).toHaveText('En revisión');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar mis datos' }).click()]);
  expect(download.suggestedFilename()).toBe('velada-mis-datos.json');
  const data = JSON.parse(await (await import('node:fs')).promises.readFile((await download.path())!, 'utf8')) as {
    account: { email: string };
    ads: { title: string }[];
  };
  expect(data.account.email).toBe(email);
  expect(data.ads.map((a) => a.title)).toEqual(['Clara: aviso editado', 'Clara: aviso vigente']);

  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await page.getByLabel('Tu contraseña, para confirmar').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(page.getByText('La contraseña no es correcta.')).toBeVisible();
  await page.getByLabel('Tu contraseña, para confirmar').fill('clave-de-clara-1');
  await page.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(page).toHaveURL(/\/\?cuenta=eliminada$/);
  // Gone: its email and password open nothing any more.
  await page.goto('/ingresar');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-de-clara-1');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
});
